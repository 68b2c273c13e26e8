/**
 * The type checker's web worker: TypeScript 5.9's language service (./check.ts) over the
 * declarations the build wrote to checker-types.json. Loaded by the page after its first
 * paint (../ui/typecheck.ts); answers each request with the diagnostics of one file.
 */
import * as ts from '../../../tools/typescript-5/node_modules/typescript/lib/typescript.js';
import { createChecker, type CheckDiagnostic, type Checker, type CheckFiles } from './check.js';

/** A request: check `file` among `files`. */
export interface CheckRequest {
  id: number;
  files: CheckFiles;
  file: string;
}
/** The answer to request `id`; `diagnostics` is absent when a newer request replaced it unchecked. */
export interface CheckResponse {
  id: number;
  diagnostics?: CheckDiagnostic[];
  /** Milliseconds the check took in the worker. */
  ms: number;
}

const checker = fetch(new URL('./checker-types.json', import.meta.url))
  .then((response) => response.json() as Promise<Record<string, string>>)
  .then((declarations) => createChecker(ts, declarations));

/** The newest request not yet checked: typing faster than the checker skips the texts in between. */
let next: CheckRequest | undefined;
let running = false;

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  if (next) post({ id: next.id, ms: 0 });
  next = event.data;
  if (!running) void run();
};

async function run() {
  running = true;
  let ready: Checker | Error;
  try {
    ready = await checker;
  } catch (error) {
    ready = error instanceof Error ? error : new Error(String(error));
  }
  while (next) {
    const { id, files, file } = next;
    next = undefined;
    const start = performance.now();
    let diagnostics: CheckDiagnostic[];
    try {
      if (ready instanceof Error) throw ready;
      diagnostics = ready.check(files, file);
    } catch (error) {
      diagnostics = [{ from: 0, to: 0, line: 1, message: `type checker failed: ${error}`, severity: 'warning' }];
    }
    post({ id, diagnostics, ms: performance.now() - start });
    // Let newer requests arrive before the next check.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  running = false;
}

function post(response: CheckResponse): void {
  (self as unknown as Worker).postMessage(response);
}
