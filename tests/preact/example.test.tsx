// The README's Preact example, run against the real server fixture.
import { container, waitFor } from '../_fixtures/dom.js';
import { useComputed } from '@preact/signals';
import { render } from 'preact';
import { Suspense } from 'preact/compat';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Entity, RestEndpoint } from '../../src/index.js';
import { CacheProvider, useQuerySignal, useSuspense } from '../../src/preact/index.js';
import { json, startServer } from '../_fixtures/server.js';

const example = suite('README example (Preact)');

example('renders the fallback, then the users', async () => {
  const server = await startServer();
  server.route('GET', '/users', (_req, res) =>
    json(res, 200, [
      { id: '1', name: 'Ada' },
      { id: '2', name: 'Grace' },
    ]),
  );
  const app = container();
  app.id = 'app';

  // --- README ---
  class User extends Entity {
    id = '';
    name = '';
    override pk() {
      return this.id;
    }
    static override key = 'User';
  }
  const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });

  function UserName({ id }: { id: string }) {
    const user = useQuerySignal(User, { id });
    const name = useComputed(() => user.value?.name); // a rename updates this text node, no re-render
    return <li>{name}</li>;
  }
  function Users() {
    const users = useSuspense(getUsers); // suspends until fetched; errors go to the error boundary
    return (
      <ul>
        {users.map((user) => (
          <UserName key={user.id} id={user.id} />
        ))}
      </ul>
    );
  }
  render(
    <CacheProvider>
      <Suspense fallback={<p>Loading…</p>}>
        <Users />
      </Suspense>
    </CacheProvider>,
    document.getElementById('app')!,
  );
  // --- end ---

  await waitFor(() => app.textContent === 'Loading…', 'the fallback');
  await waitFor(() => app.textContent === 'AdaGrace', 'the users');
  assert.is(app.querySelectorAll('li').length, 2);
  render(null, app);
  await server.close();
});

example.run();
