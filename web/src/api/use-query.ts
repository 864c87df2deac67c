// A screen's view of one cache entry: re-renders when it changes, fetches it when mounted if it has no
// answer yet (or was invalidated), and keeps it from being dropped while mounted.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { hashKey, type Observer, type PageCache, type QueryKey, type QueryOptions } from './page-cache.ts';
import { useQueryClient } from './page-cache-context.tsx';

/** Narrowed by status as TanStack Query's result is: `isError` means an error, `isSuccess` means data. */
export type QueryResult<T> = { data: T | undefined; isFetching: boolean } & (
  | { status: 'pending'; isPending: true; isError: false; isSuccess: false; error: Error | null }
  | { status: 'error'; isPending: false; isError: true; isSuccess: false; error: Error }
  | { status: 'success'; isPending: false; isError: false; isSuccess: true; error: null; data: T }
);

export function useQuery<T, K extends QueryKey>(options: QueryOptions<T, K>): QueryResult<T> {
  const cache = useQueryClient();
  const hash = hashKey(options.queryKey);
  const enabled = options.enabled !== false;
  // A removed entry (sign-out) is replaced on the next render, as TanStack Query's observer does.
  const held = useRef<{ cache: PageCache; hash: string; observer: Observer } | null>(null);
  if (
    !held.current ||
    held.current.cache !== cache ||
    held.current.hash !== hash ||
    !held.current.observer.current()
  ) {
    held.current = { cache, hash, observer: cache.observe(options.queryKey) };
  }
  const { observer } = held.current;
  const state = useSyncExternalStore(observer.subscribe, observer.state, observer.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the options' key
  useEffect(() => (enabled ? cache.activate(options) : undefined), [cache, hash, enabled, observer]);
  return useMemo(
    () =>
      ({
        status: state.status,
        data: state.data as T | undefined,
        error: state.error,
        isPending: state.status === 'pending',
        isError: state.status === 'error',
        isSuccess: state.status === 'success',
        isFetching: state.isFetching,
      }) as QueryResult<T>,
    [state],
  );
}
