// The app's data cache with SPEC section 7's rules (answers never go stale on their own, no refetch on focus,
// no polling, no retries, unused entries dropped after 5 minutes). It keeps TanStack Query's method names for
// the few operations the app uses; written here because the library cost ≈ 10 KB gzip on every public page.
export type QueryKey = readonly unknown[];

export interface QueryFnContext<K extends QueryKey> {
  queryKey: K;
  signal: AbortSignal;
}

export interface QueryOptions<T, K extends QueryKey = QueryKey> {
  queryKey: K;
  queryFn: (context: QueryFnContext<K>) => Promise<T>;
  /** false: the hook neither fetches nor refetches (the entry's data is still shown if present). */
  enabled?: boolean;
}

export type QueryStatus = 'pending' | 'error' | 'success';

/** One entry's visible state; replaced (never mutated) on every change, so it is a valid React snapshot. */
export interface QueryState<T = unknown> {
  status: QueryStatus;
  data: T | undefined;
  /** TanStack Query's default error type: what the query function threw, typed as an Error. */
  error: Error | null;
  dataUpdatedAt: number;
  isFetching: boolean;
}

export interface QueryFilters {
  queryKey?: QueryKey;
  predicate?: (entry: { queryKey: QueryKey }) => boolean;
}

/** What the server hands the browser inside the page: the successful answers. */
export interface DehydratedCache {
  queries: { queryKey: QueryKey; data: unknown; dataUpdatedAt: number }[];
}

export const UNUSED_ENTRY_MS = 5 * 60 * 1000;

export interface Observer {
  /** false once the entry was removed: the hook then observes a new one (and fetches it) on its next render. */
  current: () => boolean;
  state: () => QueryState;
  subscribe: (listener: () => void) => () => void;
}

interface Entry {
  queryKey: QueryKey;
  state: QueryState;
  /** Invalidated: the next mount (or an active observer now) fetches again. */
  invalidated: boolean;
  /** Counts invalidations: an answer to a request sent before the latest one does not clear `invalidated`. */
  stamp: number;
  fetching?: { promise: Promise<unknown>; controller: AbortController };
  queryFn?: QueryOptions<unknown>['queryFn'];
  listeners: Set<() => void>;
  /** Observers that want fetches (an `enabled` hook); invalidation refetches only these entries at once. */
  active: number;
  gcTimer?: ReturnType<typeof setTimeout>;
}

const INITIAL: QueryState = {
  status: 'pending',
  data: undefined,
  error: null,
  dataUpdatedAt: 0,
  isFetching: false,
};

/** TanStack's key hashing: JSON with object keys sorted, so { a, b } and { b, a } are one entry. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  );
}

/** A filter key matches every key it is a prefix of (objects compared by the filter's own fields). */
function partialMatch(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (!key || !filter || typeof key !== 'object' || typeof filter !== 'object') return false;
  return Object.keys(filter).every((k) =>
    partialMatch((key as Record<string, unknown>)[k], (filter as Record<string, unknown>)[k]),
  );
}

export class PageCache {
  readonly #entries = new Map<string, Entry>();

  #entry(queryKey: QueryKey): Entry {
    const hash = hashKey(queryKey);
    let entry = this.#entries.get(hash);
    if (!entry) {
      entry = { queryKey, state: INITIAL, invalidated: false, stamp: 0, listeners: new Set(), active: 0 };
      this.#entries.set(hash, entry);
      this.#scheduleGc(hash, entry);
    }
    return entry;
  }

  #set(entry: Entry, patch: Partial<QueryState>): void {
    entry.state = { ...entry.state, ...patch };
    for (const listener of entry.listeners) listener();
  }

  #scheduleGc(hash: string, entry: Entry): void {
    // The server's cache lives for one request; a timer there would only hold the process.
    if (typeof window === 'undefined' || entry.listeners.size > 0) return;
    clearTimeout(entry.gcTimer);
    entry.gcTimer = setTimeout(() => {
      if (entry.listeners.size === 0 && this.#entries.get(hash) === entry) this.#entries.delete(hash);
    }, UNUSED_ENTRY_MS);
  }

  #matching(filters: QueryFilters): Entry[] {
    return [...this.#entries.values()].filter(
      (entry) =>
        (!filters.queryKey || partialMatch(entry.queryKey, filters.queryKey)) &&
        (!filters.predicate || filters.predicate({ queryKey: entry.queryKey })),
    );
  }

  /**
   * Runs the entry's query; a fetch already under way is shared unless `restart` (an invalidation of an entry
   * with data), whose newer answer then wins while the older request still answers whoever awaits it.
   */
  #fetch<T>(entry: Entry, queryFn: QueryOptions<T>['queryFn'] | undefined, restart = false): Promise<T> {
    if (queryFn) entry.queryFn = queryFn as QueryOptions<unknown>['queryFn'];
    if (entry.fetching && !restart) return entry.fetching.promise as Promise<T>;
    const fn = entry.queryFn;
    if (!fn) return Promise.reject(new Error(`No query function for ${hashKey(entry.queryKey)}`));
    const controller = new AbortController();
    const current = () => entry.fetching?.controller === controller;
    const stamp = entry.stamp;
    const promise = (async () => {
      try {
        const data = await fn({ queryKey: entry.queryKey, signal: controller.signal });
        if (current()) {
          entry.fetching = undefined;
          // Invalidated while this request was out (a live event during the first fetch): its answer may
          // predate the change, so it is shown but stays invalidated, and an active screen asks again.
          entry.invalidated = entry.stamp !== stamp;
          if (entry.invalidated && entry.active > 0) queueMicrotask(() => void this.#refetch(entry));
          this.#set(entry, {
            status: 'success',
            data,
            error: null,
            dataUpdatedAt: Date.now(),
            isFetching: false,
          });
        }
        return data;
      } catch (error) {
        if (current()) {
          entry.fetching = undefined;
          this.#set(entry, { status: 'error', error: error as Error, isFetching: false });
        }
        throw error;
      }
    })();
    entry.fetching = { promise, controller };
    if (!entry.state.isFetching) this.#set(entry, { isFetching: true });
    return promise as Promise<T>;
  }

  /** Needs fetching: never answered, failed without data, or invalidated. */
  #wanted(entry: Entry): boolean {
    return entry.state.data === undefined || entry.invalidated;
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.#entries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  setQueryData<T>(
    queryKey: QueryKey,
    updater: T | undefined | ((previous: T | undefined) => T | undefined),
  ): void {
    const entry = this.#entry(queryKey);
    const data =
      typeof updater === 'function'
        ? (updater as (previous: T | undefined) => T | undefined)(entry.state.data as T | undefined)
        : updater;
    if (data === undefined) return;
    entry.invalidated = false;
    this.#set(entry, { status: 'success', data, error: null, dataUpdatedAt: Date.now() });
  }

  /** The cached answer, or the query's (rejects when it fails). */
  ensureQueryData<T, K extends QueryKey>(options: QueryOptions<T, K>): Promise<T> {
    const entry = this.#entry(options.queryKey);
    if (entry.state.data !== undefined) return Promise.resolve(entry.state.data as T);
    return this.#fetch(entry, options.queryFn as QueryOptions<T>['queryFn']);
  }

  /** Fetches unless a fresh answer is cached; never rejects (the screens show the entry's error). */
  async prefetchQuery<T, K extends QueryKey>(options: QueryOptions<T, K>): Promise<void> {
    const entry = this.#entry(options.queryKey);
    if (!this.#wanted(entry) && !entry.fetching) return;
    await this.#fetch(entry, options.queryFn as QueryOptions<T>['queryFn']).catch(() => undefined);
  }

  /** Marks the matching entries for refetching and refetches at once those a mounted screen is using. */
  async invalidateQueries(filters: QueryFilters = {}): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const entry of this.#matching(filters)) {
      entry.invalidated = true;
      entry.stamp++;
      if (entry.active > 0 && entry.queryFn) refetches.push(this.#refetch(entry));
    }
    await Promise.all(refetches);
  }

  /** A fresh request for an invalidated entry; one already under way was sent too early to count. */
  #refetch(entry: Entry): Promise<unknown> {
    return this.#fetch(
      entry,
      undefined,
      entry.state.data !== undefined || entry.fetching !== undefined,
    ).catch(() => undefined);
  }

  /** Stops fetches under way so their answers cannot overwrite an optimistic update. */
  async cancelQueries(filters: QueryFilters = {}): Promise<void> {
    for (const entry of this.#matching(filters)) {
      if (!entry.fetching) continue;
      entry.fetching.controller.abort();
      entry.fetching = undefined;
      this.#set(entry, { isFetching: false });
    }
  }

  removeQueries(filters: QueryFilters = {}): void {
    for (const entry of this.#matching(filters)) {
      entry.fetching?.controller.abort();
      entry.fetching = undefined;
      clearTimeout(entry.gcTimer);
      this.#entries.delete(hashKey(entry.queryKey));
    }
  }

  /** For the hook: the entry's state and a subscription that keeps it from being dropped while used. */
  observe(queryKey: QueryKey): Observer {
    const entry = this.#entry(queryKey);
    const hash = hashKey(queryKey);
    return {
      current: () => this.#entries.get(hash) === entry,
      state: () => entry.state,
      subscribe: (listener) => {
        entry.listeners.add(listener);
        clearTimeout(entry.gcTimer);
        return () => {
          entry.listeners.delete(listener);
          this.#scheduleGc(hash, entry);
        };
      },
    };
  }

  /** For the hook: an enabled observer mounted; fetches if the entry needs it, and counts it as active. */
  activate<T, K extends QueryKey>(options: QueryOptions<T, K>): () => void {
    const entry = this.#entry(options.queryKey);
    entry.active++;
    if (this.#wanted(entry) && !entry.fetching) {
      this.#fetch(entry, options.queryFn as QueryOptions<T>['queryFn']).catch(() => undefined);
    } else entry.queryFn = options.queryFn as QueryOptions<unknown>['queryFn'];
    return () => {
      entry.active--;
    };
  }

  dehydrate(): DehydratedCache {
    const queries: DehydratedCache['queries'] = [];
    for (const { queryKey, state } of this.#entries.values()) {
      if (state.status === 'success')
        queries.push({ queryKey, data: state.data, dataUpdatedAt: state.dataUpdatedAt });
    }
    return { queries };
  }

  hydrate(dehydrated: DehydratedCache): void {
    for (const { queryKey, data, dataUpdatedAt } of dehydrated.queries) {
      const entry = this.#entry(queryKey);
      if (entry.state.dataUpdatedAt >= dataUpdatedAt) continue;
      this.#set(entry, { status: 'success', data, error: null, dataUpdatedAt });
    }
  }
}

/** Typed query options, shared by route loaders and screens so both read one entry. */
export function queryOptions<T, K extends QueryKey>(options: QueryOptions<T, K>): QueryOptions<T, K> {
  return options;
}
