/**
 * The playground's demos in two halves, so that each browser test file (and each type-check
 * test file) of tests/playground/ stays short: reads and transforms, then writes, errors and
 * the performance demos (the heaviest).
 */
export const isWriteDemo = (id: string) => /^(mutation-|errors-|ten-thousand-|live-)/.test(id);
