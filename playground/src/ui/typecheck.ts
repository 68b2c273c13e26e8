/**
 * The type checker, from the page's side: a web worker (../checker/worker.ts, built as
 * checker.js) that is started only after the page's first paint, so loading TypeScript never
 * delays it. Until then `check` answers nothing and the editor shows its other marks.
 */
import type { CheckDiagnostic, CheckFiles } from '../checker/check.js';
import type { CheckRequest, CheckResponse } from '../checker/worker.js';

export class TypeChecker {
  #worker: Worker | undefined;
  #next = 0;
  readonly #pending = new Map<number, (response: CheckResponse) => void>();
  readonly #listeners: Array<() => void> = [];
  /** Milliseconds of the last check in the worker (the first one includes loading TypeScript's libraries). */
  lastMs: number | undefined;

  /** Requests not answered yet. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Whether the worker was started. */
  get started(): boolean {
    return this.#worker !== undefined;
  }

  /** Starts the worker (once); `onStart` listeners run, so the editor checks what it shows. */
  start(): void {
    if (this.#worker) return;
    this.#worker = new Worker(new URL('./checker.js', import.meta.url), { type: 'module', name: 'type checker' });
    this.#worker.onmessage = (event: MessageEvent<CheckResponse>) => {
      if (event.data.diagnostics) this.lastMs = event.data.ms;
      this.#pending.get(event.data.id)?.(event.data);
      this.#pending.delete(event.data.id);
    };
    for (const listener of this.#listeners) listener();
  }

  /** Runs `listener` when the worker starts. */
  onStart(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /**
   * The diagnostics of `file` among `files`; none before the worker started; `undefined`
   * when a newer request replaced this one before it was checked.
   */
  check(files: CheckFiles, file: string): Promise<CheckDiagnostic[] | undefined> {
    if (!this.#worker || !/\.tsx?$/.test(file)) return Promise.resolve([]);
    const id = ++this.#next;
    return new Promise((resolve) => {
      this.#pending.set(id, (response) => resolve(response.diagnostics));
      this.#worker!.postMessage({ id, files, file } satisfies CheckRequest);
    });
  }
}
