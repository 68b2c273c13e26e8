/**
 * The playground's type checker: TypeScript's language service over a demo's files and the
 * declarations of everything a demo may import (the package's published `.d.ts`, the
 * frameworks', the mock server's `playground` module) and of the TypeScript libraries.
 * It runs in a web worker (./worker.ts) in the page, and in Node in the tests, which hand
 * it the same TypeScript 5.9 and the same declarations (playground/checker-types.mjs).
 *
 * One program holds every file of the demo, the three views included: `solid.tsx` compiles
 * with Solid's JSX, `preact.tsx` with Preact's.
 */
import type * as TS from '../../../tools/typescript-5/node_modules/typescript/lib/typescript.js';

/** The files a check sees: name (`api.ts`, `solid.tsx` …) → text. */
export type CheckFiles = Record<string, string>;

/** One problem, placed in the checked file's text. */
export interface CheckDiagnostic {
  /** Offsets in the file's text. */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  message: string;
  severity: 'error' | 'warning';
}

export interface Checker {
  /** The diagnostics of `file`, one of `files` (every `.ts` / `.tsx` file of the demo). */
  check(files: CheckFiles, file: string): CheckDiagnostic[];
}

/** Where the TypeScript libraries live in the virtual file system. */
export const LIB_DIR = '/lib/';
/** The libraries a demo compiles against, as TypeScript names them. */
export const LIBS = ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'];

/**
 * Creates the checker.
 * @param ts TypeScript's compiler API (5.9).
 * @param declarations absolute path → text: `/lib/lib.*.d.ts` and `/node_modules/<package>/…`
 *   (package.json and `.d.ts` files).
 */
export function createChecker(ts: typeof TS, declarations: Record<string, string>): Checker {
  const dirs = new Set<string>();
  for (const path of Object.keys(declarations)) {
    for (let i = path.indexOf('/', 1); i > 0; i = path.indexOf('/', i + 1)) dirs.add(path.slice(0, i));
  }
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: LIBS,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    types: [],
    // Type-checks both frameworks' JSX: Preact's by default, Solid's in solid.tsx (a pragma).
    jsx: ts.JsxEmit.Preserve,
    jsxImportSource: 'preact',
  };
  const files = new Map<string, { text: string; version: number }>();
  const read = (path: string) => files.get(path)?.text ?? declarations[path];
  const host: TS.LanguageServiceHost = {
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: (path) => String(files.get(path)?.version ?? 0),
    getScriptSnapshot: (path) => {
      const text = read(path);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => '/',
    getCompilationSettings: () => options,
    getDefaultLibFileName: () => `${LIB_DIR}lib.d.ts`,
    fileExists: (path) => read(path) !== undefined,
    readFile: read,
    directoryExists: (path) => path === '/' || dirs.has(path.replace(/\/$/, '')),
    getDirectories: () => [],
    realpath: (path) => path,
    useCaseSensitiveFileNames: () => true,
  };
  const ls = ts.createLanguageService(host);

  return {
    check(given, file) {
      const names = Object.keys(given).filter((name) => /\.tsx?$/.test(name));
      for (const path of files.keys()) if (!names.includes(path.slice(1))) files.delete(path);
      for (const name of names) {
        const path = `/${name}`;
        // Same line numbers; offsets of the pragma's line move by its length (see `shift`).
        const text = name === 'solid.tsx' ? SOLID_PRAGMA + given[name]! : given[name]!;
        const before = files.get(path);
        if (before?.text !== text) files.set(path, { text, version: (before?.version ?? 0) + 1 });
      }
      const path = `/${file}`;
      if (!files.has(path)) return [];
      const shift = file === 'solid.tsx' ? SOLID_PRAGMA.length : 0;
      const text = given[file]!;
      const found = [...ls.getSyntacticDiagnostics(path), ...ls.getSemanticDiagnostics(path)];
      return found.map((d) => {
        const from = Math.max((d.start ?? 0) - shift, 0);
        return {
          from,
          to: Math.min(from + (d.length ?? 0), text.length),
          line: text.slice(0, from).split('\n').length,
          message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
          severity: d.category === ts.DiagnosticCategory.Error ? 'error' : 'warning',
        };
      });
    },
  };
}

/** Solid's JSX for solid.tsx: put before its first line, so lines keep their numbers. */
const SOLID_PRAGMA = '/** @jsxImportSource solid-js */ ';
