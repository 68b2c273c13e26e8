/**
 * The global prototypes and built-ins hostile input aims at: a snapshot of their own
 * properties (descriptors, values by identity) before, compared after. A write to any of
 * them (`Object.prototype.polluted`, `Object.prototype.toString`, `Object.x`,
 * `Function.prototype.x`) shows as a difference, and is undone so one failure does not
 * poison the rest of the suite.
 */
import * as assert from 'uvu/assert';

const targets: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Object', Object],
  ['Function.prototype', Function.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
];

export type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>;

/** The own properties of every target, now. */
export function snapshot(): Snapshot {
  return new Map(
    targets.map(([, target]) => [
      target,
      new Map(Reflect.ownKeys(target).map((k) => [k, Object.getOwnPropertyDescriptor(target, k)!])),
    ]),
  );
}

/** The targets whose own properties differ from `before`, each put back as it was. */
export function changedSince(before: Snapshot): string[] {
  const changed: string[] = [];
  for (const [name, target] of targets) {
    const was = before.get(target)!;
    for (const k of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, k)!;
      const old = was.get(k);
      if (old === undefined || old.value !== d.value || old.get !== d.get || old.set !== d.set) {
        changed.push(`${name}.${String(k)}`);
        if (old === undefined) delete (target as Record<PropertyKey, unknown>)[k];
        else Object.defineProperty(target, k, old);
      }
    }
    for (const k of was.keys()) {
      if (!Object.hasOwn(target, k)) {
        changed.push(`${name}.${String(k)} (removed)`);
        Object.defineProperty(target, k, was.get(k)!);
      }
    }
  }
  return changed;
}

/** Asserts no target changed since `before`. */
export function assertUntouched(before: Snapshot, what = 'no global prototype or built-in is written'): void {
  assert.equal(changedSince(before), [], what);
}
