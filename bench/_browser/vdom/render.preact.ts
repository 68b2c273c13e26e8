/** `vdom-render` of the Preact build. */
import { type ComponentChildren, render as preactRender } from 'preact';

export function render(node: ComponentChildren, root: HTMLElement): void {
  preactRender(node, root);
}
