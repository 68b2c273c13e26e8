/**
 * The playground page: plain DOM and two vanilla `effect()`s. Each effect counts its
 * runs, so one can see that refetching identical data re-renders nothing, while adding
 * a user or toggling a flag re-renders exactly the views that reached the change.
 */
import { Controller, effect } from '../../src/index.js';
import { createUser, getUsers, updateUser, userCount, type User } from './api.js';
import { requestCount } from './mockServer.js';

const ctrl = new Controller();

const $ = <T extends HTMLElement = HTMLElement>(testId: string) =>
  document.querySelector<T>(`[data-testid="${testId}"]`)!;

const countsEl = $('counts');
const countRendersEl = $('count-renders');
const listEl = $<HTMLUListElement>('user-list');
const listRendersEl = $('list-renders');
const statusEl = $('status');
let busy = false;

//#region views

let countRenders = 0;
effect(() => {
  const users = ctrl.get(userCount);
  const admins = ctrl.get(userCount, { isAdmin: true });
  countRendersEl.textContent = `renders: ${++countRenders}`;
  countsEl.textContent = `users: ${users ?? '–'} · admins: ${admins ?? '–'}`;
});

let listRenders = 0;
effect(() => {
  const users = ctrl.response(getUsers).value;
  listRendersEl.textContent = `renders: ${++listRenders}`;
  listEl.replaceChildren(...(users === undefined ? [message('Loading…')] : users.map(userRow)));
});

function userRow(user: User): HTMLLIElement {
  const li = element('li', { 'data-testid': 'user-row', 'data-id': user.id });
  const name = element('span', { class: 'name' }, user.name);
  const badge = element('span', { class: user.isAdmin ? 'badge admin' : 'badge' }, user.isAdmin ? 'admin' : 'member');
  const toggle = element('button', { 'data-testid': 'toggle-admin' }, 'Toggle admin');
  toggle.disabled = busy;
  toggle.addEventListener('click', () =>
    run('Saving…', () => ctrl.fetch(updateUser, { id: user.id }, { isAdmin: !user.isAdmin })),
  );
  li.append(name, badge, toggle);
  return li;
}

function message(text: string): HTMLLIElement {
  return element('li', { class: 'empty' }, text);
}

//#endregion

//#region actions

const names = ['Barbara Liskov', 'Edsger Dijkstra', 'Margaret Hamilton', 'Donald Knuth', 'Radia Perlman'];
let added = 0;

$('add-user').addEventListener('click', () =>
  run('Adding…', async () => {
    const name = names[added++ % names.length]!;
    await ctrl.fetch(createUser, { name });
    await ctrl.fetch(getUsers);
  }),
);

$('refetch').addEventListener('click', () => run('Refetching…', () => ctrl.fetch(getUsers)));

/** Runs one action at a time, showing its progress in the status line. */
async function run(label: string, action: () => Promise<unknown>): Promise<void> {
  setStatus('busy', label);
  try {
    await action();
    setStatus('idle', `${requestCount} requests served`);
  } catch (error) {
    console.error(error);
    setStatus('error', error instanceof Error ? error.message : String(error));
  }
}

function setStatus(state: 'busy' | 'idle' | 'error', text: string): void {
  statusEl.dataset.state = state;
  statusEl.dataset.requests = String(requestCount);
  statusEl.className = state === 'error' ? 'status error' : 'status';
  statusEl.textContent = text;
  busy = state === 'busy';
  for (const button of document.querySelectorAll('button')) button.disabled = busy;
}

//#endregion

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (text !== undefined) el.textContent = text;
  return el;
}

run('Loading…', () => ctrl.fetch(getUsers));
