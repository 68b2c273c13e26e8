import { Controller, effect } from 'signal-cache';
import { Issue, getIssues, openCount, setOpen } from '../api';

const ctrl = new Controller();
const app = document.getElementById('app')!;

/** One issue: its effect runs again only when this issue's row (or its author's) changes. */
function row(id: string) {
  const li = document.createElement('li');
  const box = li.appendChild(document.createElement('input'));
  const text = li.appendChild(document.createElement('span'));
  box.type = 'checkbox';
  box.onchange = () => ctrl.fetch(setOpen, { id }, { open: !box.checked }).catch(() => {}); // a refusal rolls back
  effect(() => {
    const issue = ctrl.get(Issue, { id });
    box.checked = issue?.open === false;
    text.textContent = `${issue?.title} by ${issue?.author?.name}`;
  });
  return li;
}

async function load() {
  app.innerHTML = '<p>Loading…</p>';
  try {
    const issues = await ctrl.fetch(getIssues);
    app.innerHTML = '<p id="open-count"></p><ul id="issues"></ul>';
    const count = app.querySelector('#open-count')!;
    effect(() => {
      count.textContent = `${ctrl.get(openCount)} open`;
    });
    app.querySelector('#issues')!.append(...issues.map((issue) => row(issue.id)));
  } catch (error) {
    app.innerHTML = '<p role="alert"><span></span> <button>Retry</button></p>';
    app.querySelector('span')!.textContent = (error as Error).message;
    app.querySelector('button')!.onclick = load;
  }
}

load();
