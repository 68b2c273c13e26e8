/**
 * W25 diagnostic page (not in the default run; `W25_LIBRARIES=…,solid-core`): the plain
 * Solid page (./solid.tsx) with signal-cache's core in its path and no binding. Each view
 * fetches the JSON as the plain page does, writes it with `ctrl.setResponse` (normalized,
 * in one batch) and renders what `ctrl.getResponse` reads back (the denormalized rows,
 * entity instances); after every write each mounted view fetches again. Beside the plain
 * page and signal-cache's Solid page, it splits a navigation's cost: the core's write and
 * read (this page against plain Solid) and the rest, the Solid binding and the endpoint's
 * request path (signal-cache's page against this one).
 */
import { Controller } from 'signal-cache';
import type { Issue } from './fixtures.js';
import { api, type ListArgs, refetching } from './rest.js';
import { IssueResource } from './signal-cache.js';
import { resourceViews } from './solid/resources.js';
import { start } from './solid/shell.js';

const ctrl = new Controller();

const { views, refetch } = resourceViews({
  // (An undefined `state` is no argument, in the cache's keys as in the URL.)
  async issues(args: ListArgs) {
    ctrl.setResponse(IssueResource.getList, args, await api.issues(args));
    return ctrl.getResponse(IssueResource.getList, args) as unknown as Issue[];
  },
  async issue(number: number) {
    ctrl.setResponse(IssueResource.get, { number }, await api.issue(number));
    return ctrl.getResponse(IssueResource.get, { number }) as unknown as Issue;
  },
});

start(
  views,
  refetching(refetch, () => ctrl.resetEntireStore()),
);
