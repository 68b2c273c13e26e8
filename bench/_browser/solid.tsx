/**
 * W25 page: plain Solid, no data library: `createResource` per view, and after every
 * write each mounted view fetches again (./solid/resources.tsx). The baseline for the
 * Solid pages.
 */
import { api, refetching } from './rest.js';
import { resourceViews } from './solid/resources.js';
import { start } from './solid/shell.js';

const { views, refetch } = resourceViews({ issues: api.issues, issue: api.issue });

start(views, refetching(refetch));
