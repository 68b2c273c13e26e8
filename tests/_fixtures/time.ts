/** Waiting helpers shared by the tests: ticks, sleeps, conditions, garbage collection. */

/** Resolves after the current macrotask queue (timers of 0 ms, microtasks before them). */
export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `test()` is true, checking every few milliseconds. On a loaded machine
 * timers run late: wait for the condition, never for a fixed time, where a test can.
 * @throws Error with `what` after `timeout` ms (default 2000).
 */
export async function waitFor(test: () => boolean, what = 'condition', timeout = 2000): Promise<void> {
  const end = Date.now() + timeout;
  while (!test()) {
    if (Date.now() > end) throw new Error(`waitFor: timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** Runs the garbage collector until weak references and finalizers settle (needs --expose-gc). */
export async function collect(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('collect: run node with --expose-gc');
  for (let i = 0; i < 4; i++) {
    gc();
    await tick();
  }
}

/**
 * Collects garbage until `test()` is true. Finalizers run as tasks after a collection; on a
 * loaded machine that can take more than a few rounds.
 * @throws Error with `what` after `timeout` ms (default 5000).
 */
export async function collectUntil(test: () => boolean, what: string, timeout = 5000): Promise<void> {
  await collect();
  const gc = (globalThis as { gc?: () => void }).gc!;
  await waitFor(() => (gc(), test()), what, timeout);
}
