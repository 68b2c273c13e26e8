/** @jsxImportSource solid-js */
// The README's Solid example, run against the real server fixture.
import { container, waitFor } from '../_fixtures/dom.js';
import { ErrorBoundary, For, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Entity, RestEndpoint } from '../../src/index.js';
import { CacheProvider, createQuery, createSuspense } from '../../src/solid/index.js';
import { json, startServer } from '../_fixtures/server.js';

const example = suite('README example (Solid)');

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

  function UserName(props: { id: string }) {
    const user = createQuery(User, () => ({ id: props.id })); // re-runs only when this user changes
    return <li>{user()?.name}</li>;
  }
  function Users() {
    const users = createSuspense(getUsers); // suspends until fetched; errors go to ErrorBoundary
    return (
      <ul>
        <For each={users()}>{(user) => <UserName id={user.id} />}</For>
      </ul>
    );
  }
  const dispose = render(
    () => (
      <CacheProvider>
        <ErrorBoundary fallback={(error) => <p>{error.message}</p>}>
          <Suspense fallback={<p>Loading…</p>}>
            <Users />
          </Suspense>
        </ErrorBoundary>
      </CacheProvider>
    ),
    document.getElementById('app')!,
  );
  // --- end ---

  assert.is(app.textContent, 'Loading…');
  await waitFor(() => app.textContent === 'AdaGrace', 'the users');
  dispose();
  await server.close();
});

example.run();
