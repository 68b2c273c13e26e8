/** Type assertions for the consumer check: `expectType<Equal<A, B>>()` fails to compile when A ≠ B. */
export type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
export function expectType<T extends true>(): T | void {}
/** The resolved type of a promise-returning call, for `Equal` checks. */
export type Resolved<P> = P extends PromiseLike<infer T> ? T : never;
