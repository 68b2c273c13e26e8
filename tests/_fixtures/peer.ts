/**
 * The suite of a file under tests/peer/: data-client's own tests, ported (see
 * tests/peer/README.md for the convention).
 *
 *   const test = peer('packages/endpoint/src/schemas/__tests__/Array.test.js');
 *   test('ArraySchema normalization (plain) > Class > normalizes a single entity', () => { … });
 *   test.difference('… > invalidated data suspends', 'stale-while-revalidate: …', () => { … });
 *   test.pending('… > a test that does not pass yet', 'what is missing', () => { … });
 *   test.run();
 *
 * The suite is named for the peer file, each test for the peer's `describe > it` title.
 * `run()` prints how many tests assert a DESIGN rule 16 difference and how many are
 * pending; tests/run.mjs adds them up into the line "peer tests (data-client): …".
 */
import { suite } from 'uvu';
import { Entity } from '../../src/index.js';

type Fn = () => void | Promise<void>;

export interface PeerSuite {
  /** A ported test: `title` is the peer's `describe > … > it` title. */
  (title: string, fn: Fn): void;
  /**
   * A ported test of a behaviour DESIGN rule 16 lists as a difference: it asserts ours,
   * and `why` says in one line why it is one.
   */
  difference(title: string, why: string, fn: Fn): void;
  /** A ported test that does not pass yet: counted as ported and not passing (skipped). */
  pending(title: string, missing: string, fn: Fn): void;
  run(): void;
}

export function peer(file: string): PeerSuite {
  const s = suite(file);
  let differences = 0;
  let pending = 0;
  const test = ((title: string, fn: Fn) => s(title, fn)) as PeerSuite;
  test.difference = (title, why, fn) => {
    differences++;
    s(`${title} [difference: ${why}]`, fn);
  };
  test.pending = (title, missing, fn) => {
    pending++;
    s.skip(`${title} [pending: ${missing}]`, fn);
  };
  test.run = () => {
    // Read by tests/run.mjs.
    console.log(`[peer] differences=${differences} pending=${pending}`);
    s.run();
  };
  return test;
}

/**
 * data-client's `IDEntity` (its `__tests__/new.ts`): an entity of the default `pk()`,
 * which reads `id`.
 */
export class IDEntity extends Entity {
  readonly id: string | number | undefined = undefined;
}

/**
 * An instance of `cls` with its class-field defaults and `fields` over them: what
 * data-client's snapshots print as `User { "id": "1", … }` (`uvu`'s `equal` compares
 * constructors, then own fields).
 */
export function instance<E extends abstract new (...args: any[]) => object>(
  cls: E,
  fields: Record<string, unknown>,
): InstanceType<E> {
  return Object.assign(new (cls as unknown as new () => InstanceType<E>)(), fields);
}

/** Runs `fn` with `console[method]` recorded instead of printed (jest's `spyOn(console, …)`); returns the calls. */
export function capture(method: 'warn' | 'error', fn: () => unknown): unknown[][] {
  const calls: unknown[][] = [];
  const original = console[method];
  console[method] = (...args: unknown[]) => void calls.push(args);
  try {
    fn();
  } finally {
    console[method] = original;
  }
  return calls;
}

/** A value as jest's `toEqual` compares it: class types and `undefined` members ignored. */
export function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}
