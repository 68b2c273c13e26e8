/**
 * The playground page: pick a demo and a framework, edit its files (CodeMirror, compiled
 * in the page), see the preview re-run on every edit, and watch the cache in the
 * inspector. The state lives in the URL hash, edits included.
 */
import { demos, findDemo, type Demo } from './demos.js';
import { CodeEditor } from './ui/editor.js';
import { lastHash, readUrl, writeUrl } from './ui/url.js';
import { mountDevtools } from '../../src/devtools/index.js';
import type { Controller } from '../../src/index.js';
import { installMock, settings } from './mock/server.js';
import { Runner, toDemoError, viewFile, type DemoError, type DemoFiles, type FileName } from './runtime/run.js';
import type { Framework } from './compiler/compile.js';
import { TypeChecker } from './ui/typecheck.js';

const $ = <T extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<T>(`[data-testid="${testId}"]`)!;

const FRAMEWORKS: Framework[] = ['solid', 'preact', 'vanilla'];

installMock();

const demoSelect = $<HTMLSelectElement>('demo-select');
const frameworkBar = $('framework');
const fileTabs = $('file-tabs');
const errorBox = $('error');
const preview = $('preview');
const status = $('run-status');
const inspectorPane = $('inspector');

let demo: Demo = demos[0]!;
let framework: Framework = 'solid';
/** The files as edited (starts as the demo's own). */
let files: DemoFiles = { ...demo.files };
let runs = 0;
let rerun: ReturnType<typeof setTimeout> | undefined;

const typeChecker = new TypeChecker();
const editor = new CodeEditor(
  $('editor'),
  (file, text) => {
    files[file as FileName] = text;
    clearTimeout(rerun);
    rerun = setTimeout(runNow, 350);
    $('reset').hidden = !edited();
  },
  async (file, text) =>
    (await typeChecker.check({ ...files, [file]: text }, file))?.map((d) => ({
      from: d.from,
      to: d.to,
      severity: d.severity,
      source: 'TypeScript',
      message: d.message,
    })),
);
typeChecker.onStart(() => editor.recheck());

const runner = new Runner(
  preview,
  showError,
  () => showFailNext(), // a request may have used up an injected failure
  inspect,
);

//#region the inspector

/** The inspector's tab and search, kept from one run's panel to the next. */
const inspectorView = { tab: 'cache', search: '' };
const inPanel = (event: Event) => event.composedPath()[0] as HTMLElement;
inspectorPane.addEventListener('click', (event) => {
  const tab = inPanel(event).closest?.('[data-tab]')?.getAttribute('data-tab');
  if (tab) inspectorView.tab = tab;
});
inspectorPane.addEventListener('input', (event) => {
  const input = inPanel(event);
  if (input instanceof HTMLInputElement && input.type === 'search') inspectorView.search = input.value;
});

/**
 * The inspector of a run: signal-cache/devtools' panel for its Controller, filling the
 * pane, its labels the names api.ts exports; shown on the tab and with the search the
 * previous run's panel had. Returns what removes it (when the run stops).
 */
function inspect(ctrl: Controller, names: Readonly<Record<string, unknown>>): () => void {
  const panel = mountDevtools(ctrl, { target: inspectorPane, inline: true, names });
  void panel.ready.then(() => {
    const root = panel.element.shadowRoot;
    root?.querySelector<HTMLElement>(`[data-tab="${inspectorView.tab}"]`)?.click();
    const search = root?.querySelector<HTMLInputElement>('input[type="search"]');
    if (search && inspectorView.search) {
      search.value = inspectorView.search;
      search.dispatchEvent(new Event('input'));
    }
  });
  return panel.unmount;
}

//#endregion

//#region errors in place

let shownError: DemoError | undefined;

function showError(error: DemoError): void {
  shownError = error;
  errorBox.hidden = false;
  errorBox.dataset.kind = error.kind;
  const where = error.file
    ? `${error.file}${error.line === undefined ? '' : `:${error.line}:${error.column ?? 1}`}`
    : '';
  errorBox.replaceChildren(
    Object.assign(document.createElement('strong'), {
      textContent: `${error.kind === 'compile' ? 'Compile error' : 'Runtime error'}${where ? ` in ${where}` : ''}`,
    }),
    Object.assign(document.createElement('pre'), { textContent: error.message }),
  );
  if (
    error.file &&
    error.file !== editor.current &&
    error.kind === 'compile' &&
    visibleFiles().includes(error.file as FileName)
  )
    showFile(error.file as FileName);
  editor.mark(error.file === editor.current ? error : undefined);
  status.dataset.state = 'error';
  status.textContent = 'error';
}

function clearError(): void {
  shownError = undefined;
  errorBox.hidden = true;
  errorBox.replaceChildren();
  editor.mark(undefined);
}

// Errors that surface later (event handlers, effects, rejected fetches) belong to the run.
window.addEventListener('error', (event) => {
  if (!runner.active) return;
  event.preventDefault();
  showError(toDemoError(event.error ?? event.message, 'runtime'));
});
window.addEventListener('unhandledrejection', (event) => {
  if (!runner.active) return;
  event.preventDefault();
  showError(toDemoError(event.reason, 'runtime'));
});

//#endregion

//#region running

function runNow(): void {
  clearTimeout(rerun);
  clearError();
  const ok = runner.run(files, framework);
  runs++;
  document.body.dataset.runs = String(runs);
  if (ok && !shownError) {
    status.dataset.state = 'ok';
    status.textContent = `ran at ${new Date().toTimeString().slice(0, 8)}`;
    status.title = `The demo ran from its fixtures (${runs} run${runs === 1 ? '' : 's'} since the page loaded)`;
  }
  void writeUrl({ demo: demo.id, framework, edits: edits() });
}

function edits(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) if (text !== demo.files[name as FileName]) out[name] = text;
  return out;
}
const edited = () => Object.keys(edits()).length > 0;

//#endregion

//#region choosing

function visibleFiles(): FileName[] {
  return ['api.ts', viewFile[framework], 'fixtures.json', 'server.ts'];
}

function showFile(file: FileName): void {
  editor.show(file);
  for (const tab of fileTabs.querySelectorAll<HTMLElement>('[data-file]'))
    tab.setAttribute('aria-selected', String(tab.dataset.file === file));
}

function load(
  next: Demo,
  nextFramework: Framework,
  nextFiles: DemoFiles,
  file: FileName = viewFile[nextFramework],
): void {
  demo = next;
  framework = nextFramework;
  files = nextFiles;
  demoSelect.value = demo.id;
  $('demo-title').textContent = demo.title;
  $('demo-about').innerHTML = escape(demo.about).replace(/`([^`]+)`/g, '<code>$1</code>');
  for (const b of frameworkBar.querySelectorAll<HTMLElement>('[data-fw]'))
    b.setAttribute('aria-pressed', String(b.dataset.fw === framework));
  fileTabs.replaceChildren(
    ...visibleFiles().map((name) => {
      const tab = document.createElement('button');
      tab.dataset.file = name;
      tab.setAttribute('role', 'tab');
      tab.textContent = name;
      return tab;
    }),
  );
  editor.load(Object.fromEntries(visibleFiles().map((name) => [name, files[name]])), file);
  showFile(file);
  $('reset').hidden = !edited();
  runNow();
}

for (const group of new Set(demos.map((d) => d.group))) {
  const members = demos.filter((d) => d.group === group);
  const optgroup = document.createElement('optgroup');
  optgroup.label = group;
  for (const d of members) optgroup.append(new Option(d.title, d.id));
  demoSelect.append(optgroup);
}
demoSelect.addEventListener('change', () =>
  load(findDemo(demoSelect.value), framework, { ...findDemo(demoSelect.value).files }),
);

frameworkBar.addEventListener('click', (event) => {
  const fw = (event.target as HTMLElement).closest<HTMLElement>('[data-fw]')?.dataset.fw as Framework | undefined;
  if (!fw || fw === framework) return;
  const current = editor.current as FileName;
  // The shared files (api, fixtures, server) keep their edits; the view is the framework's.
  load(demo, fw, files, current === viewFile[framework] ? viewFile[fw] : current);
});

fileTabs.addEventListener('click', (event) => {
  const file = (event.target as HTMLElement).closest<HTMLElement>('[data-file]')?.dataset.file as FileName | undefined;
  if (file) {
    showFile(file);
    editor.mark(shownError?.file === file ? shownError : undefined);
  }
});

$('reset').addEventListener('click', () => load(demo, framework, { ...demo.files }, editor.current as FileName));
$('rerun').addEventListener('click', runNow);

//#endregion

//#region mock API controls

const latency = $<HTMLInputElement>('latency');
const errorRate = $<HTMLSelectElement>('error-rate');
function showFailNext(): void {
  $('fail-next').textContent = settings.failNext ? `Fail next request (${settings.failNext})` : 'Fail next request';
}
const syncMockControls = () => {
  settings.latency = Number(latency.value);
  settings.errorRate = Number(errorRate.value);
  $('latency-value').textContent = `${settings.latency} ms`;
  showFailNext();
};
latency.addEventListener('input', syncMockControls);
errorRate.addEventListener('change', syncMockControls);
$('fail-next').addEventListener('click', () => {
  settings.failNext++;
  syncMockControls();
});
syncMockControls();

//#endregion

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);
}

/** Loads what the URL names (on start, and when a link or the address bar changes it). */
async function loadFromUrl(): Promise<void> {
  const state = await readUrl();
  const next = findDemo(state.demo);
  const nextFramework = FRAMEWORKS.includes(state.framework as Framework) ? (state.framework as Framework) : 'solid';
  load(next, nextFramework, { ...next.files, ...state.edits });
}
window.addEventListener('hashchange', () => {
  if (location.hash !== lastHash()) void loadFromUrl();
});
await loadFromUrl();

/**
 * A handle for tests and the curious, on `window.playground`: the editor, the current
 * run's controller and api.ts exports, what the mock API answered in it, and whether the
 * run is settled (no request in flight).
 */
Object.assign(globalThis, {
  playground: {
    editor,
    get controller() {
      return runner.controller;
    },
    get api() {
      return runner.api;
    },
    get wire() {
      return runner.wire;
    },
    get demo() {
      return demo.id;
    },
    demos: demos.map((d) => d.id),
    settled: () => runner.settled,
    error: () => shownError,
    /** The marks of the shown file: type diagnostics (source 'TypeScript') and the run's error ('run'). */
    diagnostics: () => editor.diagnostics(),
    typeChecker,
  },
});
document.body.dataset.ready = 'true';

// TypeScript loads in its worker only after the first paint: the page never waits for it.
requestAnimationFrame(() => setTimeout(() => typeChecker.start(), 0));
