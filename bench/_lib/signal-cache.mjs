/**
 * signal-cache side of every scenario, from the built dist (never src/): entity classes
 * with `static schema` for nesting, tiny endpoints, and helpers that count effect runs.
 */
import { All, Controller, Endpoint, Entity, Invalidate, Query, effect } from '../../dist/index.js';
import { dehydrate, hydrate } from '../../dist/ssr/index.js';
import { live } from '../../dist/live/index.js';

export { All, Controller, Endpoint, Entity, Invalidate, Query, dehydrate, effect, hydrate, live };

export class BuildType extends Entity {
  id = '';
  name = '';
  projectId = '';
  description = '';
  paused = false;
  webUrl = '';
  pk() {
    return this.id;
  }
  static key = 'BuildType';
}

export class Project extends Entity {
  id = '';
  name = '';
  description = '';
  archived = false;
  parentProjectId = '';
  webUrl = '';
  buildTypes = [];
  pk() {
    return this.id;
  }
  static key = 'Project';
  static schema = { buildTypes: [BuildType] };
}

export class Row extends Entity {
  id = '';
  name = '';
  email = '';
  age = 0;
  score = 0;
  active = false;
  pk() {
    return this.id;
  }
  static key = 'Row';
}

export class User extends Entity {
  id = '';
  name = '';
  email = '';
  isAdmin = false;
  team = '';
  createdAt = 0;
  pk() {
    return this.id;
  }
  static key = 'User';
}

export class IssueUser extends Entity {
  id = '';
  login = '';
  name = '';
  avatarUrl = '';
  pk() {
    return this.id;
  }
  static key = 'IssueUser';
}

export class Issue extends Entity {
  id = '';
  number = 0;
  title = '';
  state = '';
  comments = 0;
  createdAt = 0;
  user = undefined;
  pk() {
    return this.id;
  }
  static key = 'Issue';
  static schema = { user: IssueUser };
}

export class Person extends Entity {
  id = '';
  name = '';
  team = '';
  isAdmin = false;
  score = 0;
  createdAt = 0;
  pk() {
    return this.id;
  }
  static key = 'Person';
}

export class Ticket extends Entity {
  id = '';
  title = '';
  points = 0;
  createdAt = 0;
  author = undefined;
  pk() {
    return this.id;
  }
  static key = 'Ticket';
  static schema = { author: Person };
}

/** An endpoint the benches only write through `setResponse` (it never fetches). */
function endpoint(name, schema) {
  return new Endpoint(
    async () => {
      throw new Error(`${name}: the benchmarks never fetch`);
    },
    { name, schema },
  );
}

export const getProjects = endpoint('getProjects', [Project]);
export const getRows = endpoint('getRows', [Row]);
export const getUsers = endpoint('getUsers', [User]);
export const getIssues = endpoint('getIssues', [Issue]);
// One-entity endpoints, as data-client's scenarios write them: `setResponse` stores the
// rows, the response and its meta — the same work as data-client's setResponse.
export const getBuildType = endpoint('getBuildType', BuildType);
export const getRow = endpoint('getRow', Row);
export const getUser = endpoint('getUser', User);
export const getIssue = endpoint('getIssue', Issue);
export const getIssueUser = endpoint('getIssueUser', IssueUser);

export const allProjects = new All(Project);
export const allRows = new All(Row);
export const allUsers = new All(User);
export const allIssues = new All(Issue);

/**
 * Subscribes `effect`s to signals; `runs` counts re-runs after the first (initial) run.
 * @param {import('../../dist/index.js').ReadonlySignal<unknown>[]} views
 */
export function watchAll(views) {
  const counter = { runs: 0, perView: new Uint32Array(views.length), disposers: [] };
  views.forEach((view, i) => {
    let first = true;
    counter.disposers.push(
      effect(() => {
        view.value;
        if (first) first = false;
        else {
          counter.runs++;
          counter.perView[i]++;
        }
      }),
    );
  });
  counter.dispose = () => counter.disposers.forEach((d) => d());
  return counter;
}
