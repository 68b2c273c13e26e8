/** @jsxImportSource solid-js */
import { render } from 'solid-js/web';
import { ErrorBoundary, For, Suspense } from 'solid-js';
import { Entity, RestEndpoint } from 'signal-cache';
import { CacheProvider, createQuery, createSuspense } from 'signal-cache/solid';

class User extends Entity { id = ''; name = ''; pk() { return this.id; } static key = 'User'; }
const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users', schema: [User] });

function UserName(props: { id: string }) {
  const user = createQuery(User, () => ({ id: props.id })); // re-runs only when this user changes
  return <li>{user()?.name}</li>;
}
function Users() {
  const users = createSuspense(getUsers); // suspends until fetched; errors go to ErrorBoundary
  return <ul><For each={users()}>{(user) => <UserName id={user.id} />}</For></ul>;
}
render(() => (
  <CacheProvider>
    <ErrorBoundary fallback={(error) => <p>{error.message}</p>}>
      <Suspense fallback={<p>Loading…</p>}><Users /></Suspense>
    </ErrorBoundary>
  </CacheProvider>
), document.getElementById('app')!);
export {};
