import { render } from 'preact';
import { Suspense } from 'preact/compat';
import { useComputed } from '@preact/signals';
import { Entity, RestEndpoint } from 'signal-cache';
import { CacheProvider, useQuerySignal, useSuspense } from 'signal-cache/preact';

class User extends Entity { id = ''; name = ''; pk() { return this.id; } static key = 'User'; }
const getUsers = new RestEndpoint({ urlPrefix: 'https://api.example.com', path: '/users', schema: [User] });

function UserName({ id }: { id: string }) {
  const user = useQuerySignal(User, { id });
  const name = useComputed(() => user.value?.name); // a rename updates this text node, no re-render
  return <li>{name}</li>;
}
function Users() {
  const users = useSuspense(getUsers); // suspends until fetched; errors go to the error boundary
  return <ul>{users.map((user) => <UserName key={user.id} id={user.id} />)}</ul>;
}
render(
  <CacheProvider>
    <Suspense fallback={<p>Loading…</p>}><Users /></Suspense>
  </CacheProvider>,
  document.getElementById('app')!,
);
export {};
