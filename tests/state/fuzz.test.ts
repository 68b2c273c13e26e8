// A property-based fuzz (fast-check) of every way state enters a Controller from outside a
// response: `hydrate`, a message from another tab (`shareTabs`) and a persisted storage
// (`persist`). Inputs are random and hostile JSON text — keys named like Object.prototype
// members (`__proto__` spelled plainly and as `\u005f_proto__`), values nested past the
// limit, times of 1e400, entries of the wrong shape — and states of the right shape made
// through the public API. Properties:
//   - no global prototype or built-in is ever written (Object.prototype, Object,
//     Function.prototype, Array.prototype, String.prototype: compared before and after);
//   - every refusal is a named error (HydrationError, TabsError, PersistError), and a
//     refused state or message writes nothing;
//   - the Controller stays usable: what it holds reads, dehydrates and hydrates again, and
//     it takes a write afterwards;
//   - good state round-trips unchanged: dehydrate → JSON → hydrate → dehydrate, and through
//     persist and tabs.
//
// Runs: part of `npm test` at a size that takes a few seconds. A larger run:
//   FUZZ_RUNS=5000 node tests/run.mjs state/fuzz
// (the number of cases of each property; default 60). A failing case prints its seed and
// path; FUZZ_SEED=<seed> replays it.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Collection, Controller, Entity, RestEndpoint, Values } from '../../src/index.js';
import { memoryStorage, persist, PersistError } from '../../src/persist/index.js';
import { dehydrate, hydrate, HydrationError, type DehydratedState } from '../../src/ssr/index.js';
import { shareTabs, TabsError } from '../../src/tabs/index.js';
import { assertUntouched, snapshot } from '../_fixtures/prototypes.js';
import { rowsByPk } from '../_fixtures/state.js';
import { waitFor } from '../_fixtures/time.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const params = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

//#region models

/** Keys a hostile input aims at, and ordinary ones. */
const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  'isPrototypeOf',
];
const KEYS = [...HOSTILE, 'User', 'Stamp', '', '\u0000', 'a\u0000b', 'Collection(User)', 'id', 'name', 'at'];

/** An entity class stored under `key`, with a deserialized field (`at`: a Date). */
function entity(key: string) {
  return class extends Entity {
    id = '';
    name = '';
    at: Date | undefined = undefined;
    override pk() {
      return this.id;
    }
    static override key = key;
    static override schema = { at: (iso: string) => new Date(iso) };
  };
}
type Model = ReturnType<typeof entity>;

/** Entity classes under hostile keys and ordinary ones. */
const MODELS: Model[] = [...HOSTILE, 'User', 'Stamp'].map(entity);
const byKey = new Map(MODELS.map((m) => [m.key, m]));

//#endregion

//#region arbitraries

/** A key, as JSON text: hostile names spelled plainly or with an escape no text test sees. */
const keyText = fc.oneof(
  fc.constantFrom(...KEYS).map((k) => JSON.stringify(k)),
  fc.constant('"\\u005f_proto__"'),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);

/** `{"a":…}` or `[…]` nested `levels` deep: around the limit (500) and far past it. */
const deepText = fc
  .tuple(fc.constantFrom(1, 2, 498, 499, 500, 501, 600, 3000), fc.boolean())
  .map(([levels, array]) =>
    array ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels),
  );

/** A time as JSON text: ordinary, at the limits, past them (1e400 parses to Infinity), or no number. */
const timeText = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2_000_000_000_000 }).map(String) },
  fc.constantFrom('0', '-1', '8.64e15', '8.64e16', '1e400', '-1e400', '1.5', '"soon"', 'null', '[]', '{}'),
);

/** Random JSON text, keys hostile, nesting shallow or past the limit. */
const { json: jsonText } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    fc.constantFrom('null', 'true', 'false', '0', '-1', '1e400', '"x"', '""', '"__proto__"', '{}', '[]'),
    fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    timeText,
    deepText,
    fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(keyText, tie('json')), { maxLength: 4 }).map(objectText),
  ),
}));

function objectText(pairs: readonly (readonly [string, string])[]): string {
  return `{${pairs.map(([k, v]) => `${k}:${v}`).join(',')}}`;
}

/** `good` mostly, `bad` now and then: hostile parts inside an outline that mostly holds. */
const mostly = (good: fc.Arbitrary<string>, bad: fc.Arbitrary<string> = jsonText) =>
  fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: bad });

/** A dictionary of entries (`[key text, value text]`), as JSON text; now and then no dictionary at all. */
const dictText = (entries: fc.Arbitrary<readonly [string, string]>) =>
  mostly(fc.array(entries, { maxLength: 4 }).map(objectText));

/** A pk as JSON text (a dictionary key): hostile, ordinary, or the empty string. */
const pkText = fc.oneof(
  fc.constantFrom(...KEYS, '1', '2').map((k) => JSON.stringify(k)),
  keyText,
);

/** A row filed under `pk`, as JSON text: mostly holding that pk, its fields of the models' shape, plus hostile ones. */
const rowText = (pk: string) =>
  mostly(
    fc
      .tuple(
        mostly(fc.constant(pk), pkText),
        fc.constantFrom('"Ada"', '1', 'null'),
        fc.constantFrom('"2026-01-01T00:00:00.000Z"', '"no date"', '5', 'null'),
        fc.array(fc.tuple(keyText, jsonText), { maxLength: 2 }),
      )
      .map(([id, name, at, more]) => objectText([['"id"', id], ['"name"', name], ['"at"', at], ...more])),
  );

/** A row entry `[row, expiresAt]` under its pk. */
const rowEntry = pkText.chain((pk) =>
  fc.tuple(
    fc.constant(pk),
    mostly(
      fc
        .tuple(
          rowText(pk),
          mostly(
            timeText.filter((t) => /^\d+$/.test(t)),
            timeText,
          ),
        )
        .map(([r, t]) => `[${r},${t}]`),
    ),
  ),
);

/** A row of a table: its cells in the columns, or its object (`null` cells). */
type Placed = { cells: string[]; object?: string };

/**
 * The rows of one key in format 3, as JSON text: a field list, the pk field (or the pks), a
 * column per field, rows as objects by index, runs of expiry; any part now and then hostile
 * (`__proto__` among the fields, columns of another length, objects at indexes out of order or
 * range, runs that do not add up, no pk).
 */
const tableText = fc
  .array(
    fc.tuple(
      pkText,
      fc.constantFrom('"Ada"', '1', 'null'),
      fc.constantFrom('"2026-01-01T00:00:00.000Z"', '"no date"', '5', 'null'),
    ),
    { maxLength: 4 },
  )
  .chain((rows) =>
    fc
      .record({
        fields: mostly(
          fc.constant('["id","name","at"]'),
          fc.constantFrom('[]', '["__proto__","id"]', '["id",1]', '"id"'),
        ),
        pk: mostly(fc.constant('"id"'), fc.constantFrom('"name"', '"nope"', '1', '"__proto__"')),
        pks: fc.option(mostly(fc.constant(`[${rows.map(([pk]) => pk).join(',')}]`)), { nil: undefined }),
        placed: fc.tuple(
          ...rows.map(([id, name, at]) =>
            fc.oneof(
              {
                weight: 12,
                arbitrary: fc.constantFrom<Placed>(
                  { cells: [id, name, at] },
                  {
                    cells: ['null', 'null', 'null'],
                    object: objectText([
                      ['"id"', id],
                      ['"name"', name],
                      ['"at"', at],
                    ]),
                  },
                ),
              },
              // Now and then a row object with hostile fields of its own, another pk, or no row at all.
              {
                weight: 1,
                arbitrary: fc
                  .oneof(rowText(id), jsonText)
                  .map((object): Placed => ({ cells: ['null', 'null', 'null'], object })),
              },
            ),
          ),
        ),
        // Now and then columns or objects of a hostile shape instead.
        shape: fc.option(
          fc.constantFrom(
            '"columns":[]',
            '"columns":[[],[],[1]]',
            '"columns":"x"',
            '"objects":[[9,{}]]',
            '"objects":{"0":{}}',
            '"objects":[["0",{}]]',
            '"objects":[[0,{}],[0,{}]]',
          ),
          { nil: undefined, freq: 8 },
        ),
        expires: mostly(
          timeText.filter((t) => /^\d+$/.test(t)).map((t) => `[${t},${rows.length}]`),
          fc.oneof(
            jsonText,
            timeText.map((t) => `[${t},1]`),
            fc.constantFrom('[]', '[1,-1]', '[1,0,1,9]'),
          ),
        ),
      })
      .map(({ fields, pk, pks, placed, shape, expires }) => {
        const columns = [0, 1, 2].map((f) => `[${placed.map((row) => row.cells[f]).join(',')}]`);
        const objects = placed.flatMap((row, i) => (row.object === undefined ? [] : [`[${i},${row.object}]`]));
        const [name, hostile] = shape?.split(/:(.*)/s) ?? [];
        return objectText([
          ['"fields"', fields],
          ['"pk"', pk],
          ...(pks === undefined ? [] : ([['"pks"', pks]] as const)),
          ['"columns"', name === '"columns"' ? hostile! : `[${columns.join(',')}]`],
          ['"objects"', name === '"objects"' ? hostile! : `[${objects.join(',')}]`],
          ['"expires"', expires],
        ]);
      }),
  );

/** A list entry `[args, items]`. */
const listEntry = fc.tuple(
  keyText,
  mostly(
    fc
      .tuple(
        mostly(fc.constantFrom('[]', '[{"group":"a"}]', '[{"__proto__":1}]')),
        mostly(
          fc.oneof(
            fc.array(pkText, { maxLength: 3 }).map((a) => `[${a.join(',')}]`),
            fc.array(fc.tuple(keyText, pkText), { maxLength: 3 }).map(objectText),
          ),
        ),
      )
      .map(([a, i]) => `[${a},${i}]`),
  ),
);

/** A response entry `[data, fetchedAt, expiresAt, invalidated]`, now and then naming a key of rows (`[null, …, key]`). */
const responseEntry = fc.tuple(
  keyText,
  mostly(
    fc
      .tuple(
        fc.oneof(jsonText, fc.constant('null')),
        mostly(
          timeText.filter((t) => /^\d+$/.test(t)),
          timeText,
        ),
        mostly(
          timeText.filter((t) => /^\d+$/.test(t)),
          timeText,
        ),
        mostly(fc.constantFrom('true', 'false'), fc.constantFrom('0', '"no"')),
        fc.option(keyText, { nil: undefined }),
      )
      .map(
        ([data, at, until, invalidated, rowsOf]) =>
          `[${[data, at, until, invalidated, ...(rowsOf === undefined ? [] : [rowsOf])].join(',')}]`,
      ),
  ),
);

/** A state of the right outline with hostile parts, as JSON text. */
const stateText = fc
  .record({
    version: mostly(fc.constantFrom('4', '3'), fc.constantFrom('1', '2', '"4"', 'null')),
    // Rows as columns under a field list; now and then as objects by pk (format 1, refused).
    rows: dictText(fc.tuple(keyText, mostly(tableText, dictText(rowEntry)))),
    converted: dictText(
      fc.tuple(keyText, mostly(fc.constantFrom('["at"]', '[]'), fc.constantFrom('["name"]', '["__proto__"]', '[1]'))),
    ),
    lists: dictText(fc.tuple(keyText, dictText(listEntry))),
    responses: dictText(responseEntry),
  })
  .map(({ version, rows, converted, lists, responses }) =>
    objectText([
      ['"version"', version],
      ['"rows"', rows],
      ['"converted"', converted],
      ['"lists"', lists],
      ['"responses"', responses],
    ]),
  );

/** Anything hydrate may be given: a state of the right outline, random JSON, or not JSON. */
const hostileState = mostly(stateText);

//#endregion

//#region checks

/** The JSON text of a Controller's state: what "nothing was written" compares. */
const stateOf = (ctrl: Controller) => JSON.stringify(dehydrate(ctrl));

/**
 * `stateOf` with each entity key's rows listed by pk in sorted order: persist and tabs carry
 * rows by pk (a storage's entries, a message's dictionary, where a pk like "0" goes first),
 * so the order rows are stored in (what `All` lists) is not theirs to keep; `dehydrate` keeps it.
 */
const rowsOf = (ctrl: Controller) => {
  const state = dehydrate(ctrl);
  const rows = rowsByPk(state);
  return JSON.stringify({
    ...state,
    rows: Object.keys(rows)
      .sort()
      .map((key) => [key, Object.entries(rows[key]!).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]),
  });
};

/** A Controller holding one row, so a refusal can be seen writing nothing. */
function holding(): Controller {
  const ctrl = new Controller({ gcInterval: 0, focus: false, online: false });
  ctrl.set(MODELS[0]!, { id: 'kept' }, { id: 'kept', name: 'kept', at: '2026-01-01T00:00:00.000Z' });
  return ctrl;
}

/**
 * The Controller is usable: every row it holds reads as an instance of its class (when
 * known) without throwing, its state dehydrates and hydrates into a fresh Controller (what
 * one way in stored, the others restore), and it takes a write.
 *
 * The copy's state is compared after one more round trip: a hostile state may leave a
 * raw value in a field that other rows of its key hold deserialized (`at: {}` beside
 * `Date`s, the state not listing `at` as converted); the codec lists converted fields per
 * entity key, so the next hydration deserializes it (an invalid Date, whose JSON is
 * `null`). From there on the state round-trips unchanged.
 */
function usable(ctrl: Controller): void {
  const state = dehydrate(ctrl);
  const rows = rowsByPk(state);
  for (const key of Object.keys(rows)) {
    const model = byKey.get(key);
    if (model === undefined) continue;
    for (const pk of Object.keys(rows[key]!)) {
      const row = ctrl.get(model, { id: pk });
      assert.ok(row === undefined || Object.getPrototypeOf(row) === model.prototype, `${key} ${pk} is a ${key}`);
    }
  }
  const fresh = () => new Controller({ gcInterval: 0, focus: false, online: false });
  const text = stateOf(hydrate(fresh(), JSON.parse(JSON.stringify(state)), MODELS));
  assert.is(stateOf(hydrate(fresh(), JSON.parse(text), MODELS)), text, 'what was restored restores again, unchanged');
  ctrl.set(MODELS[1]!, { id: 'after' }, { id: 'after', name: 'after' });
  assert.is(ctrl.get(MODELS[1]!, { id: 'after' })!.name, 'after', 'takes a write');
}

//#endregion

//#region hydrate
const wet = suite('fuzz: hydrate');

wet(
  'hostile states: no prototype written, refusals are HydrationErrors that write nothing, the Controller stays usable',
  () => {
    fc.assert(
      fc.property(hostileState, (text) => {
        const before = snapshot();
        const ctrl = holding();
        const kept = stateOf(ctrl);
        let state: unknown;
        try {
          state = JSON.parse(text);
        } catch {
          return;
        }
        try {
          hydrate(ctrl, state as DehydratedState, MODELS);
        } catch (error) {
          if (!(error instanceof HydrationError)) throw error;
          assert.is(stateOf(ctrl), kept, 'a refused state writes nothing');
        }
        usable(ctrl);
        assertUntouched(before);
      }),
      params,
    );
  },
);
//#endregion

//#region good state

/** A Controller filled through the public API: rows under hostile keys and pks, lists, responses. */
const goodFill = fc.record({
  rows: fc.array(
    fc.tuple(
      fc.constantFrom(...MODELS),
      fc.constantFrom(...HOSTILE, 'u1', 'u2', '0'),
      fc.string({ maxLength: 5 }),
      fc.option(fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }), { nil: undefined }),
    ),
    { maxLength: 8 },
  ),
  lists: fc.array(
    fc.tuple(fc.constantFrom(...HOSTILE, 'x'), fc.array(fc.constantFrom(...HOSTILE, 'u1'), { maxLength: 3 })),
    {
      maxLength: 3,
    },
  ),
  responses: fc.array(fc.tuple(fc.constantFrom(...HOSTILE, '/a'), fc.jsonValue({ maxDepth: 3 })), { maxLength: 3 }),
});

const users = MODELS[HOSTILE.length]!;
const listOf = new RestEndpoint({
  urlPrefix: 'http://127.0.0.1:9',
  path: '/lists/:group',
  schema: new Collection([users]),
});
const keyed = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/keyed/:group', schema: new Values(users) });
const raw = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/raw/:name' });

function filled(fill: typeof goodFill extends fc.Arbitrary<infer T> ? T : never): Controller {
  const ctrl = new Controller({ gcInterval: 0, focus: false, online: false });
  let clock = 1_000_000;
  for (const [model, id, name, at] of fill.rows) ctrl.set(model, { id }, { id, name, at: at?.toISOString() });
  for (const [group, ids] of fill.lists) {
    ctrl.setResponse(
      listOf,
      { group },
      ids.map((id) => ({ id, name: id })),
    );
    ctrl.setResponse(keyed, { group }, Object.fromEntries(ids.map((id) => [id, { id, name: id }])));
  }
  for (const [name, data] of fill.responses) if (data !== null) ctrl.setResponse(raw, { name }, data);
  clock++;
  return ctrl;
}

const good = suite('fuzz: good state round-trips');

good('dehydrate → JSON → hydrate → dehydrate gives the same state', () => {
  fc.assert(
    fc.property(goodFill, (fill) => {
      const before = snapshot();
      const text = stateOf(filled(fill));
      const copy = hydrate(new Controller({ gcInterval: 0, focus: false, online: false }), JSON.parse(text), MODELS);
      assert.is(stateOf(copy), text);
      assertUntouched(before);
    }),
    params,
  );
});

good('through persist: saved, restored, the same state', async () => {
  await fc.assert(
    fc.asyncProperty(goodFill, async (fill) => {
      const before = snapshot();
      const ctrl = filled(fill);
      const storage = memoryStorage();
      const errors: unknown[] = [];
      const saver = persist(ctrl, storage, { schemas: MODELS, onError: (e) => errors.push(e) });
      await saver.restored;
      await saver.flush();
      const copy = new Controller({ gcInterval: 0, focus: false, online: false });
      await persist(copy, storage, { schemas: MODELS, onError: (e) => errors.push(e) }).restored;
      assert.equal(errors, []);
      assert.is(rowsOf(copy), rowsOf(ctrl));
      assertUntouched(before);
    }),
    { ...params, numRuns: Math.ceil(RUNS / 2) },
  );
});

good('through tabs: a tab that opens holds the state of the tab that answers', async () => {
  await fc.assert(
    fc.asyncProperty(goodFill, async (fill) => {
      const before = snapshot();
      const channel = `fuzz-good-${process.pid}-${Math.random()}`;
      const a = filled(fill);
      const errors: unknown[] = [];
      const stopA = shareTabs(a, { channel, schemas: MODELS, onError: (e) => errors.push(e), wait: 10_000 });
      const b = new Controller({ gcInterval: 0, focus: false, online: false });
      const stopB = shareTabs(b, { channel, schemas: MODELS, onError: (e) => errors.push(e), wait: 10_000 });
      try {
        assert.is(await stopB.ready, true);
        assert.equal(errors, []);
        assert.is(rowsOf(b), rowsOf(a));
      } finally {
        stopA();
        stopB();
      }
      assertUntouched(before);
    }),
    { ...params, numRuns: Math.ceil(RUNS / 3) },
  );
});
//#endregion

//#region tabs
const tabs = suite('fuzz: tab messages');

/** A message as JSON text: an envelope (often right, sometimes not) around hostile parts. */
const messageText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        protocol: fc.constantFrom('1', '1', '1', '2', '"1"'),
        kind: fc.constantFrom('"patch"', '"patch"', '"state"', '"hello"', '"x"'),
        app: fc.constantFrom('""', '""', '"v2"', '0'),
        from: fc.oneof(fc.constant('"zz"'), keyText, jsonText),
        to: fc.constantFrom(undefined, '"zz"', '1'),
        time: timeText,
        state: stateText,
      })
      .map(({ protocol, kind, app, from, to, time, state }) => {
        const parts = JSON.parse(state) as Record<string, unknown>;
        // The parts, kept as text (their own `__proto__` keys survive only as text).
        const body = state.slice(1, -1).replace(/^"version":[^,]*,/, '');
        void parts;
        return `{"signal-cache":${protocol},"kind":${kind},"app":${app},"from":${from},${to === undefined ? '' : `"to":${to},`}"time":${time}${body ? `,${body}` : ''}}`;
      }),
  },
  jsonText,
);

tabs(
  'hostile messages: no prototype written, refusals are TabsErrors, the tab stays usable and keeps sharing',
  async () => {
    const channel = `fuzz-tabs-${process.pid}`;
    const ctrl = holding();
    const errors: unknown[] = [];
    const stop = shareTabs(ctrl, { channel, schemas: MODELS, onError: (e) => errors.push(e), wait: 0 });
    const other = new BroadcastChannel(channel);
    let sentinel = 0;
    try {
      await fc.assert(
        fc.asyncProperty(messageText, async (text) => {
          const before = snapshot();
          errors.length = 0;
          other.postMessage(text);
          // A good patch after it: once it is applied, the hostile message was handled.
          const n = ++sentinel;
          other.postMessage(
            JSON.stringify({
              'signal-cache': 1,
              kind: 'patch',
              app: '',
              from: 'sentinel',
              time: Date.now() + n,
              rows: { Stamp: { s: [{ id: 's', name: String(n) }, 0] } },
            }),
          );
          await waitFor(() => ctrl.get(byKey.get('Stamp')!, { id: 's' })?.name === String(n), 'the sentinel');
          for (const error of errors) assert.instance(error, TabsError);
          usable(ctrl);
          assertUntouched(before);
        }),
        params,
      );
    } finally {
      other.close();
      stop();
    }
  },
);
//#endregion

//#region persist
const stored = suite('fuzz: persisted storages');

/** An entry id: a kind (known or not), a key and a sub key, hostile. */
const idArb = fc
  .tuple(
    mostly(fc.constantFrom('r', 'l', 'q', 'm', 'x'), fc.constantFrom('v', 'z', '')),
    fc.constantFrom(...KEYS),
    fc.constantFrom(...KEYS, '1'),
  )
  .map(([kind, key, sub]) => [kind, key, sub] as const);

/** A stored entry: its id and value, the value mostly of its kind's shape, hostile inside. */
const entry = idArb.chain(([kind, key, sub]) => {
  const time = mostly(
    timeText.filter((t) => /^\d+$/.test(t)),
    timeText,
  );
  const id = kind === 'q' || kind === 'm' ? `${kind}\0${key}` : kind === 'x' ? `x\0${sub}` : `${kind}\0${key}\0${sub}`;
  const value =
    kind === 'r'
      ? fc
          .tuple(
            rowText(JSON.stringify(sub)),
            time,
            mostly(fc.constantFrom('', ',["at"]'), fc.constantFrom(',["name"]', ',[1]')),
          )
          .map(([r, t, f]) => `[${r},${t}${f}]`)
      : kind === 'l'
        ? listEntry.map(([, v]) => v)
        : kind === 'q'
          ? jsonText
          : kind === 'm'
            ? fc.tuple(time, time, fc.constantFrom('true', 'false', '1')).map((p) => `[${p.join(',')}]`)
            : kind === 'x'
              ? fc
                  .tuple(time, fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...KEYS)), { maxLength: 2 }))
                  .map(([t, ids]) => `[[${t},${JSON.stringify(ids.map(([k, p]) => `r\0${k}\0${p}`))}]]`)
              : jsonText;
  return fc.tuple(fc.constant(id), mostly(value));
});

stored(
  'hostile entries: no prototype written, refusals are PersistErrors, the rest restores, bad entries are removed',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 6 }),
        fc.constantFrom('[1,0]', '[1,0]', '[1,0]', '[2,0]', '[1,"v"]', '{}'),
        async (entries, version) => {
          const before = snapshot();
          const storage = memoryStorage();
          storage.data.set('v', version);
          for (const [id, text] of entries) storage.data.set(id, text);
          const errors: unknown[] = [];
          const ctrl = holding();
          const saver = persist(ctrl, storage, { schemas: MODELS, onError: (e) => errors.push(e) });
          await saver.restored;
          await saver.flush();
          for (const error of errors) assert.instance(error, PersistError);
          usable(ctrl);
          await saver.flush();
          // What is left in the storage restores without a refusal.
          const again = new Controller({ gcInterval: 0, focus: false, online: false });
          const later: unknown[] = [];
          await persist(again, storage, { schemas: MODELS, onError: (e) => later.push(e) }).restored;
          assert.equal(
            later.map((e) => (e as Error).message),
            [],
            'the bad entries were removed',
          );
          assertUntouched(before);
        },
      ),
      params,
    );
  },
);
//#endregion

wet.run();
good.run();
tabs.run();
stored.run();
