/** `vdom-render` of the React build. */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export function render(node: ReactNode, root: HTMLElement): void {
  createRoot(root).render(node);
}
