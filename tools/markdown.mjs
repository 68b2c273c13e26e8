/**
 * Reading the documentation's Markdown: which pages there are, their fenced code blocks,
 * their links and the anchors their headings get (as GitHub renders them). Shared by the
 * docs code check (tools/docs-check.mjs) and the docs tests (tests/docs/).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where TypeDoc writes the API reference (generated, not kept in git, not a page). */
export const API_DIR = 'docs/api';

/** The documentation pages, relative to `root`: README.md, CONTRIBUTING.md, every .md under docs/. */
export function docPages(root) {
  const walk = (dir) =>
    readdirSync(join(root, dir))
      .sort()
      .flatMap((name) => {
        const path = `${dir}/${name}`;
        if (statSync(join(root, path)).isDirectory()) return path === API_DIR ? [] : walk(path);
        return name.endsWith('.md') ? [path] : [];
      });
  return ['README.md', 'CONTRIBUTING.md', ...(existsSync(join(root, 'docs')) ? walk('docs') : [])].filter((page) =>
    existsSync(join(root, page)),
  );
}

const EXAMPLE = /^<!--\s*example:\s*(\S+)\s*-->$/;

/**
 * The fenced code blocks of a page: `{ lang, code, line, example }`, where `line` is the
 * page line (1-based) of the block's first code line and `example` the path of an
 * `<!-- example: PATH -->` marker on the line before the fence. The fence's indentation
 * (a block inside a list item) is removed from each line.
 */
export function codeBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`);
    const body = [];
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
      j++;
    }
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const example = before >= 0 ? EXAMPLE.exec(lines[before].trim())?.[1] : undefined;
    blocks.push({ lang: info.toLowerCase(), code: body.join('\n'), line: i + 2, example });
    i = j;
  }
  return blocks;
}

/** For each line of a page, whether it belongs to a fenced code block (fences included). */
function fenced(lines) {
  let fence;
  return lines.map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return true;
    }
    if (marker) fence = marker;
    return marker !== undefined;
  });
}

/** The page's prose: fenced blocks and inline code replaced by blank space (lines kept). */
export function prose(text) {
  const lines = text.split('\n');
  const inFence = fenced(lines);
  return lines
    .map((line, i) => (inFence[i] ? '' : line.replace(/(`+)[\s\S]*?\1/g, (code) => ' '.repeat(code.length))))
    .join('\n');
}

/** The links of a page's prose: `{ target, line }` for each `[text](target)` and `<a href>`. */
export function links(text) {
  const out = [];
  prose(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        out.push({ target: m[1], line: i + 1 });
      for (const m of line.matchAll(/<a\s[^>]*href="([^"]+)"/g)) out.push({ target: m[1], line: i + 1 });
    });
  return out;
}

/** The anchors of a page's headings, as GitHub makes them (duplicates get -1, -2 …). */
export function anchors(text) {
  const seen = new Map();
  const out = new Set();
  const lines = text.split('\n');
  const inFence = fenced(lines);
  for (const line of lines.filter((_, i) => !inFence[i])) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** GitHub's anchor of a heading's text. */
export function slug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
