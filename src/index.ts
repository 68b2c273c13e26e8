export { signal, computed, effect, batch, untracked } from '@preact/signals-core';
export type { ReadonlySignal, Signal } from '@preact/signals-core';
