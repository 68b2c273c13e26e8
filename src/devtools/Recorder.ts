/**
 * The panel's view of the Controller's actions (it sees them through its manager, see
 * ./mount.ts): the request timeline (each `ctrl.fetch` with its endpoint, args, status,
 * duration, and whether it joined a request already in flight), the optimistic layers
 * and their fate, and the endpoint and args of each key (what a refetch runs).
 */
import { FETCH, OPTIMISTIC, SET_RESPONSE, SUBSCRIBE } from './kinds.js';
import type { ActionTypes, Dispatch, FetchAction } from '../controller/actions.js';
import type { Commit } from '../store/Journal.js';
import type { Model } from './model.js';

/** One `ctrl.fetch` call. */
export interface RequestRecord {
  readonly id: number;
  readonly key: string;
  readonly endpoint: string;
  readonly args: readonly unknown[];
  /** `GET`, `POST` …; `''` for an endpoint that is not REST. */
  readonly method: string;
  readonly url: string | undefined;
  /** It joined a GET of the same key already in flight (deduplicated): it sent nothing. */
  readonly joined: boolean;
  /** Its endpoint has `getOptimisticResponse`: a layer showed until it settled. */
  optimistic: boolean;
  /** `performance.now()` at the call. */
  readonly started: number;
  /** Clock time of the Controller at the call. */
  readonly at: number;
  duration: number | undefined;
  status: 'pending' | 'ok' | 'error' | 'aborted';
  /** The HTTP status of a failure, when it has one. */
  code: number | undefined;
  /** The message of a failure. */
  message: string | undefined;
}

/** A record of the commit journal, as the panel keeps it. */
export interface CommitRecord {
  readonly id: number;
  /** Clock time of the Controller when it was delivered. */
  readonly at: number;
  readonly commit: Commit;
}

/** Requests and commits kept (the oldest go first). */
const KEEP = 500;

let lastId = 0;

export class Recorder {
  readonly requests: RequestRecord[] = [];
  readonly commits: CommitRecord[] = [];
  readonly #model: Model;
  readonly #changed: () => void;
  /** The FETCH whose request is starting: an OPTIMISTIC action inside it is its layer. */
  #starting: RequestRecord | undefined;

  constructor(model: Model, changed: () => void) {
    this.#model = model;
    this.#changed = changed;
  }

  /** The manager's middleware body: records the action around its effect. */
  tap = (action: ActionTypes, next: Dispatch): Promise<void> => {
    if (action.type !== FETCH) {
      this.#note(action);
      const settled = next(action);
      this.#changed();
      return settled;
    }
    const record = this.#fetch(action, this.#model.isPending(action.key) && !action.endpoint.sideEffect);
    const outer = this.#starting;
    this.#starting = record;
    try {
      return next(action);
    } finally {
      this.#starting = outer;
      this.#changed();
    }
  };

  /** Records actions seen before the panel loaded (whether a FETCH joined one in flight is not known). */
  replay(actions: readonly ActionTypes[]): void {
    for (const action of actions) {
      if (action.type === FETCH) this.#fetch(action, false);
      else this.#note(action);
    }
    this.#changed();
  }

  #note(action: ActionTypes): void {
    if (action.type === SET_RESPONSE || action.type === SUBSCRIBE)
      this.#model.see(action.key, action.endpoint, action.args);
    else if (action.type === OPTIMISTIC && this.#starting !== undefined) this.#starting.optimistic = true;
  }

  #fetch(action: FetchAction, joined: boolean): RequestRecord {
    const { endpoint, args, key, meta } = action;
    this.#model.see(key, endpoint, args);
    let url: string | undefined;
    try {
      url = (endpoint as { url?: (...a: readonly unknown[]) => string }).url?.(...args);
    } catch {
      url = undefined;
    }
    const record: RequestRecord = {
      id: ++lastId,
      key,
      endpoint: this.#model.endpointName(endpoint),
      args,
      method: String((endpoint as { method?: string }).method ?? '').toUpperCase(),
      url,
      joined,
      optimistic: false,
      started: performance.now(),
      at: this.#model.now(),
      duration: undefined,
      status: 'pending',
      code: undefined,
      message: undefined,
    };
    this.requests.push(record);
    if (this.requests.length > KEEP) this.requests.splice(0, this.requests.length - KEEP);
    const settle = (status: RequestRecord['status'], error?: unknown) => {
      record.status = status;
      record.duration = performance.now() - record.started;
      if (error !== undefined) {
        const status = (error as { status?: unknown })?.status;
        record.code = typeof status === 'number' ? status : undefined;
        record.message = error instanceof Error ? error.message : String(error);
      }
      this.#changed();
    };
    Promise.resolve(meta.promise).then(
      () => settle('ok'),
      (error: unknown) => settle((error as Error)?.name === 'AbortError' ? 'aborted' : 'error', error),
    );
    return record;
  }

  /**
   * A record of the store's commit journal (it runs inside the write's batch: it only
   * keeps the record and schedules a redraw).
   */
  commit = (commit: Commit): void => {
    this.commits.push({ id: ++lastId, at: this.#model.now(), commit });
    if (this.commits.length > KEEP) this.commits.splice(0, this.commits.length - KEEP);
    this.#changed();
  };

  /** The calls whose endpoint showed an optimistic layer, newest first. */
  layers(): RequestRecord[] {
    return this.requests.filter((r) => r.optimistic).reverse();
  }
}
