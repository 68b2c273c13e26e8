/**
 * Runs a demo: compiles its files, resets the mock API to its fixtures, evaluates the
 * modules against the page's libraries, mounts the inspector (signal-cache/devtools' panel)
 * for the run's Controller, and mounts the view for the chosen framework inside an error
 * boundary. Each run starts clean: the previous one is unmounted, its effects and timers
 * disposed, its Controller cleaned up and its panel removed. Nothing a demo does can throw
 * out of `run`: compile and runtime errors are handed to `onError` with their place.
 */
import { createComponent, render as solidRender } from 'solid-js/web';
import { ErrorBoundary } from 'solid-js';
import { Component, h, render as preactRender, type ComponentChildren } from 'preact';
import { CacheProvider as SolidProvider } from '../../../src/solid/index.js';
import { CacheProvider as PreactProvider } from '../../../src/preact/index.js';
import { Controller, type effect } from '../../../src/index.js';
import { compile, CompileError, type Framework } from '../compiler/compile.js';
import { resetMock, type Routes, type WireEntry } from '../mock/server.js';
import { importable, libraries } from './modules.js';

/** The editable files of a demo. */
export interface DemoFiles {
  'fixtures.json': string;
  'server.ts': string;
  'api.ts': string;
  'solid.tsx': string;
  'preact.tsx': string;
  'vanilla.ts': string;
}
export type FileName = keyof DemoFiles;

/** The view file of each framework. */
export const viewFile: Record<Framework, FileName> = {
  solid: 'solid.tsx',
  preact: 'preact.tsx',
  vanilla: 'vanilla.ts',
};

export interface DemoError {
  kind: 'compile' | 'runtime';
  file: string | undefined;
  message: string;
  line: number | undefined;
  column: number | undefined;
}

type Exports = Record<string, unknown>;

/**
 * Mounts the inspector for a run's Controller, before the view mounts (so it sees the first
 * requests): `names` are the exports of the demo's api.ts. Returns what removes it.
 */
export type Inspect = (ctrl: Controller, names: Readonly<Record<string, unknown>>) => () => void;

export class Runner {
  #cleanups: Array<() => void> = [];
  #ctrl: Controller | undefined;
  #api: Exports = {};
  #runId = 0;
  /** Requests of the current run started and not settled (through the Controller's `fetch` option). */
  #inflight = 0;
  /** What the mock API answered in the current run, oldest first. */
  #wire: WireEntry[] = [];

  constructor(
    readonly host: HTMLElement,
    readonly onError: (error: DemoError) => void,
    readonly onChange: () => void,
    readonly inspect: Inspect,
  ) {}

  /** The controller of the current run (the inspector reads it). */
  get controller(): Controller | undefined {
    return this.#ctrl;
  }

  /** The exports of the current run's api.ts. */
  get api(): Readonly<Exports> {
    return this.#api;
  }

  /** The requests the mock API answered in the current run (the body each sent, its status). */
  get wire(): readonly WireEntry[] {
    return this.#wire;
  }

  /** Whether no request of the current run is in flight. */
  get settled(): boolean {
    return this.#ctrl !== undefined && this.#inflight === 0;
  }

  /** Whether an error that surfaced asynchronously belongs to a live run. */
  get active(): boolean {
    return this.#ctrl !== undefined;
  }

  /** Stops the current run: unmounts, disposes effects and timers. */
  stop(): void {
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        cleanup();
      } catch (error) {
        console.warn('cleanup failed', error);
      }
    }
    this.#ctrl?.cleanup();
    this.#ctrl = undefined;
    this.#api = {};
    this.#wire = [];
    this.#inflight = 0;
    this.host.replaceChildren();
  }

  /** Runs the demo; returns whether it mounted without a synchronous error. */
  run(files: DemoFiles, framework: Framework): boolean {
    this.stop();
    const runId = ++this.#runId;
    let fixtures: unknown;
    let compiled: { server: string; api: string; view: string };
    try {
      fixtures = parseJson(files['fixtures.json']);
      compiled = {
        server: compile(files['server.ts'], 'server.ts', 'vanilla'),
        api: compile(files['api.ts'], 'api.ts', 'vanilla'),
        view: compile(files[viewFile[framework]], viewFile[framework], framework),
      };
    } catch (error) {
      this.onError(toDemoError(error, 'compile'));
      return false;
    }
    const ctrl = (this.#ctrl = new Controller({
      // Every request runs here: counted while in flight, for `settled`.
      fetch: (endpoint, args) => {
        // A fetch that throws before it starts is not counted.
        const request = Promise.resolve(endpoint.fetch(...args));
        if (runId !== this.#runId) return request;
        this.#inflight++;
        return request.finally(() => {
          if (runId === this.#runId) this.#inflight--;
        });
      },
    }));
    const timers = this.#timers();
    let api: Exports = {};
    const require = this.#require(() => api);
    let file: FileName = 'server.ts';
    try {
      const server = evaluate(compiled.server, 'server.ts', require, timers);
      resetMock(fixtures, (server.default ?? server.routes ?? {}) as Routes, (wire) => {
        if (runId !== this.#runId) return;
        if (!this.#wire.includes(wire)) this.#wire.push(wire);
        this.onChange();
      });
      file = 'api.ts';
      api = this.#api = evaluate(compiled.api, 'api.ts', require, timers);
      this.#cleanups.push(this.inspect(ctrl, api));
      file = viewFile[framework];
      const view = evaluate(compiled.view, file, require, timers);
      const App = (view.default ?? view.App) as ((...args: any[]) => any) | undefined;
      if (typeof App !== 'function')
        throw new Error(`${file} must export default the view (a component, or for vanilla a function (root, ctrl))`);
      const root = document.createElement('div');
      root.className = 'demo-root';
      this.host.replaceChildren(root);
      this.#mount(framework, App, root, ctrl);
    } catch (error) {
      this.onError(toDemoError(error, 'runtime', file));
      return false;
    }
    this.onChange();
    return true;
  }

  #mount(framework: Framework, App: (...args: any[]) => any, root: HTMLElement, ctrl: Controller): void {
    const report = (error: unknown) => this.onError(toDemoError(error, 'runtime', viewFile[framework]));
    if (framework === 'solid') {
      const dispose = solidRender(
        () =>
          createComponent(SolidProvider, {
            controller: ctrl,
            get children() {
              return createComponent(ErrorBoundary, {
                fallback: (error: unknown) => {
                  queueMicrotask(() => report(error));
                  return document.createTextNode('');
                },
                get children() {
                  return createComponent(App, {});
                },
              });
            },
          }),
        root,
      );
      this.#cleanups.push(dispose);
    } else if (framework === 'preact') {
      preactRender(
        h(PreactProvider, { controller: ctrl, children: h(Boundary, { report, children: h(App, null) }) }),
        root,
      );
      this.#cleanups.push(() => preactRender(null, root));
    } else {
      const cleanup = App(root, ctrl);
      if (typeof cleanup === 'function') this.#cleanups.push(cleanup);
    }
  }

  /** setTimeout and friends for the demo's modules, cleared when the run stops. */
  #timers() {
    // Ids are the browser's numbers; typed loosely because Node's timer types are in scope too.
    type Id = any;
    const timeouts = new Set<Id>();
    const intervals = new Set<Id>();
    this.#cleanups.push(() => {
      timeouts.forEach(clearTimeout);
      intervals.forEach(clearInterval);
    });
    return {
      setTimeout: (fn: () => void, ms?: number, ...rest: unknown[]) => {
        const id: Id = setTimeout(
          (...a: unknown[]) => {
            timeouts.delete(id);
            (fn as (...a: unknown[]) => void)(...a);
          },
          ms,
          ...rest,
        );
        timeouts.add(id);
        return id;
      },
      clearTimeout: (id: Id) => {
        timeouts.delete(id);
        clearTimeout(id);
      },
      setInterval: (fn: () => void, ms?: number, ...rest: unknown[]) => {
        const id = setInterval(fn, ms, ...rest);
        intervals.add(id);
        return id;
      },
      clearInterval: (id: Id) => {
        intervals.delete(id);
        clearInterval(id);
      },
    };
  }

  /** The demo's `require`: the page's libraries, `./api`, and a tracked `effect`. */
  #require(api: () => Exports): (name: string) => unknown {
    const lib = libraries['signal-cache']!;
    const trackedEffect = (fn: () => unknown) => {
      const dispose = (lib.effect as typeof effect)(fn as () => void);
      this.#cleanups.push(dispose);
      return dispose;
    };
    const signalCache = { ...lib, effect: trackedEffect };
    return (name: string) => {
      if (name === 'signal-cache') return signalCache;
      if (name === './api' || name === './api.ts' || name === './api.js') return api();
      const found = libraries[name];
      if (found) return found;
      throw new Error(`cannot import "${name}" here; the playground provides: ${importable.join(', ')}`);
    };
  }
}

/** Preact error boundary of the preview. */
class Boundary extends Component<
  { report: (error: unknown) => void; children?: ComponentChildren },
  { failed: boolean }
> {
  override state = { failed: false };
  override componentDidCatch(error: unknown): void {
    const thenable = typeof (error as { then?: unknown })?.then === 'function';
    this.props.report(
      thenable ? new Error('a component suspended outside <Suspense>: wrap it in <Suspense fallback=…>') : error,
    );
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Where stack frames of demo code point: `demo:///api.ts:LINE:COL` (see `evaluate`). */
const FRAME = /demo:\/\/\/([\w.]+):(\d+):(\d+)/;
/** Lines `new Function` puts before the body (`function anonymous(…\n) {\n`). */
const HEADER_LINES = 2;

function evaluate(
  code: string,
  file: FileName,
  require: (name: string) => unknown,
  timers: Record<string, unknown>,
): Exports {
  const module = { exports: {} as Exports };
  const names = Object.keys(timers);
  // Timers are parameters, so the demo's calls reach the tracked versions. The source URL
  // names the file in stack traces (toDemoError reads it back).
  const fn = new Function('require', 'module', 'exports', ...names, `${code}\n//# sourceURL=demo:///${file}`);
  fn(require, module, module.exports, ...names.map((n) => timers[n]));
  return module.exports;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = Number(/position (\d+)/.exec(message)?.[1]);
    let line: number | undefined;
    let column: number | undefined;
    if (Number.isFinite(position)) {
      const before = text.slice(0, position).split('\n');
      line = before.length;
      column = before.at(-1)!.length + 1;
    }
    throw new CompileError('fixtures.json', message, line, column);
  }
}

/** Turns anything thrown into what the error panel shows. */
export function toDemoError(error: unknown, kind: DemoError['kind'], file?: string): DemoError {
  if (error instanceof CompileError) {
    return { kind: 'compile', file: error.file, message: error.message, line: error.line, column: error.column };
  }
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  // The innermost frame in demo code gives the file and the place.
  const frame = error instanceof Error ? FRAME.exec(error.stack ?? '') : null;
  if (frame) return { kind, file: frame[1], message, line: Number(frame[2]) - HEADER_LINES, column: Number(frame[3]) };
  return { kind, file, message, line: undefined, column: undefined };
}
