// The binding contract (tests/_fixtures/contract.ts) run against the Preact hooks.
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { useCache, useFetch, useLive, useQuery, useSuspense } from '../../src/preact/index.js';
import { runContract, type Driver, type Reader } from '../_fixtures/contract.js';
import { mount, settle } from '../_fixtures/preact.js';

const hooks: Record<Reader, (target: any, args?: any) => unknown> = {
  suspense: useSuspense,
  fetch: useFetch,
  live: useLive,
  query: useQuery,
  cache: useCache,
};

const preact: Driver = {
  name: 'Preact',
  mount(ctrl, { reader, target, args: initial, text }) {
    let setArgs!: (args: object | null | undefined) => void;
    let renders = 0;
    function Reader() {
      const [args, set] = useState(initial);
      setArgs = set;
      const value = args === undefined ? hooks[reader](target) : hooks[reader](target, args);
      renders++;
      return <b>{text(value)}</b>;
    }
    const { root, unmount } = mount(ctrl, <Reader />, { boundaries: true });
    return {
      root,
      setArgs: async (next) => {
        act(() => setArgs(next));
        await settle();
      },
      settle,
      renders: () => renders,
      unmount: async () => {
        unmount();
        await settle();
      },
    };
  },
};

runContract(preact);
