/**
 * The format of a demo file, `playground/demos/NAME.demo`: a header, then its files, each
 * after a `//// NAME` line:
 *
 *   # Title
 *   group: Query patterns
 *   order: 10
 *   One paragraph about what to try (`code` allowed).
 *   //// fixtures.json   the mock API's data (JSON)
 *   //// server.ts       optional: routes beyond the default REST collections
 *   //// api.ts          entities, endpoints, queries: shared by the three views
 *   //// solid.tsx       //// preact.tsx       //// vanilla.ts
 */
import type { DemoFiles, FileName } from './runtime/run.js';

export interface Demo {
  id: string;
  title: string;
  group: string;
  order: number;
  about: string;
  files: DemoFiles;
}

const FILES: FileName[] = ['fixtures.json', 'server.ts', 'api.ts', 'solid.tsx', 'preact.tsx', 'vanilla.ts'];
const EMPTY_SERVER =
  '// No routes of its own: the default REST collections over the fixtures answer.\nexport default {};\n';

export function parseDemo(id: string, text: string): Demo {
  const [head = '', ...parts] = text.split(/^\/\/\/\/ /m);
  const files: Partial<DemoFiles> = { 'server.ts': EMPTY_SERVER };
  for (const part of parts) {
    const newline = part.indexOf('\n');
    const name = part.slice(0, newline).trim() as FileName;
    if (!FILES.includes(name)) throw new Error(`demo ${id}: unknown file "${name}"`);
    files[name] = part.slice(newline + 1).replace(/\n+$/, '\n');
  }
  for (const name of FILES) if (files[name] === undefined) throw new Error(`demo ${id}: missing file ${name}`);
  const lines = head.trim().split('\n');
  const title = (lines.shift() ?? id).replace(/^#\s*/, '');
  const meta: Record<string, string> = {};
  while (lines.length && /^\w+:\s/.test(lines[0]!)) {
    const [key, ...value] = lines.shift()!.split(':');
    meta[key!.trim()] = value.join(':').trim();
  }
  return {
    id,
    title,
    group: meta.group ?? 'Demos',
    order: Number(meta.order ?? 100),
    about: lines.join(' ').trim(),
    files: files as DemoFiles,
  };
}
