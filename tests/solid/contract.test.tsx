/** @jsxImportSource solid-js */
// The binding contract (tests/_fixtures/contract.ts) run against the Solid primitives.
import { createSignal } from 'solid-js';
import type { EndpointInterface, Queryable } from '../../src/index.js';
import { createCache, createFetch, createLive, createQuery, createSuspense } from '../../src/solid/index.js';
import { runContract, type Driver, type Reader } from '../_fixtures/contract.js';
import { mount } from '../_fixtures/solid.js';
import { tick } from '../_fixtures/time.js';

const primitives: Record<Reader, (target: any, args?: () => any) => () => unknown> = {
  suspense: createSuspense,
  fetch: createFetch,
  live: createLive,
  query: createQuery,
  cache: createCache,
};

const solid: Driver = {
  name: 'Solid',
  mount(ctrl, { reader, target, args: initial, text }) {
    const [args, setArgs] = createSignal<object | null | undefined>(initial);
    let renders = 0;
    function Reader() {
      const read =
        initial === undefined
          ? primitives[reader](target as EndpointInterface | Queryable)
          : primitives[reader](target, () => args());
      return <b>{(renders++, text(read()))}</b>;
    }
    const { root, dispose } = mount(ctrl, () => <Reader />);
    return {
      root,
      setArgs: async (next) => void setArgs(() => next),
      settle: tick,
      renders: () => renders,
      unmount: async () => dispose(),
    };
  },
};

runContract(solid);
