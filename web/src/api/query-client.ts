// TanStack Query with SPEC section 7's cache rules: data never goes stale, no refetch on focus, no polling,
// no retries (queries or mutations), unused entries dropped after 5 minutes. One client per page load
// in the browser, one per request on the server.
import { QueryClient } from '@tanstack/react-query';

export const UNUSED_ENTRY_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: UNUSED_ENTRY_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
