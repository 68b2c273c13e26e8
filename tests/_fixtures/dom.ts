/**
 * A DOM for component tests: a happy-dom `Window` whose DOM globals are copied onto
 * `globalThis`. Import this module first (before solid-js/web or preact render anything).
 *
 * Only DOM names are installed: `fetch`, `Response`, `URL`, timers and the like stay
 * Node's own, so endpoints reach the real `node:http` server fixture unchanged.
 *
 * @example
 * import { container, waitFor } from '../_fixtures/dom.js';
 * const root = container();
 * render(<App />, root);
 * await waitFor(() => root.textContent === 'Ada');
 */
import { Window } from 'happy-dom';

export const window = new Window({ url: 'http://localhost/' });

const names = [
  'document',
  'navigator',
  'Node',
  'Text',
  'Comment',
  'Element',
  'HTMLElement',
  'HTMLTemplateElement',
  'SVGElement',
  'DocumentFragment',
  'Event',
  'CustomEvent',
  'MouseEvent',
  'MutationObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
] as const;

const target = globalThis as Record<string, unknown>;
const source = window as unknown as Record<string, unknown>;
target.window = window;
for (const name of names) {
  const value = source[name];
  target[name] = typeof value === 'function' && !/^[A-Z]/.test(name) ? value.bind(window) : value;
}

/** A fresh `<div>` attached to the document body. */
export function container(): HTMLElement {
  const div = window.document.createElement('div');
  window.document.body.appendChild(div);
  return div as unknown as HTMLElement;
}

export { tick, waitFor } from './time.js';
