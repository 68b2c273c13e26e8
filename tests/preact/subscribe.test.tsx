// The Preact binding installs nothing in Preact: its plain hooks subscribe their component to
// the one view it read. This file imports nothing from @preact/signals (which, once
// imported, tracks every component's renders), so what re-renders here is the hooks' doing.
import { Component } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Controller, batch } from '../../src/index.js';
import { useQuery } from '../../src/preact/index.js';
import { User } from '../_fixtures/models.js';
import { mount, settle } from '../_fixtures/preact.js';

const test = suite('Preact hooks without @preact/signals');

const users = (...names: string[]) => names.map((name, i) => ({ id: `u${i + 1}`, name }));

test('importing the binding leaves Preact as it was (no render tracking installed)', () => {
  // @preact/signals puts its own shouldComponentUpdate on Component.prototype when imported.
  assert.is(Object.hasOwn(Component.prototype, 'shouldComponentUpdate'), false);
});

test('useQuery re-renders its component once per change of its value, and for nothing else', async () => {
  const ctrl = new Controller();
  ctrl.set([User], users('Ann', 'Bob'));
  let renders = 0;
  function Name({ id }: { id: string }) {
    renders++;
    return <b>{useQuery(User, { id })?.name}</b>;
  }
  const { root, unmount } = mount(ctrl, <Name id="u1" />);
  assert.is(renders, 1);
  assert.is(root.textContent, 'Ann');

  ctrl.set(User, { id: 'u2', name: 'Bobby' });
  await settle();
  assert.is(renders, 1, 'another row written: no render');

  ctrl.set(User, { id: 'u1', name: 'Anna' });
  await settle();
  assert.is(renders, 2);
  assert.is(root.textContent, 'Anna');

  batch(() => {
    ctrl.set(User, { id: 'u1', name: 'A' });
    ctrl.set(User, { id: 'u1', name: 'Annie' });
  });
  await settle();
  assert.is(renders, 3, 'two writes in one batch: one render');
  assert.is(root.textContent, 'Annie');

  unmount();
  ctrl.set(User, { id: 'u1', name: 'Gone' });
  await settle();
  assert.is(renders, 3, 'unmounted: unsubscribed');
});

test('a change between the render and the subscription renders again', async () => {
  const ctrl = new Controller();
  ctrl.set([User], users('Ann'));
  const seen: (string | undefined)[] = [];
  // A child's layout effect runs before its parent's, where the parent subscribes.
  function Writer() {
    useLayoutEffect(() => void ctrl.set(User, { id: 'u1', name: 'Written' }), []);
    return null;
  }
  function Name() {
    const name = useQuery(User, { id: 'u1' })?.name;
    seen.push(name);
    return (
      <b>
        {name}
        <Writer />
      </b>
    );
  }
  const { root, unmount } = mount(ctrl, <Name />);
  await settle();
  assert.equal(seen, ['Ann', 'Written']);
  assert.is(root.textContent, 'Written');
  unmount();
});

test.run();
