// Hands the page's cache (one per request on the server, one per page load in the browser) to every screen.
import { createContext, type ReactNode, useContext } from 'react';
import type { PageCache } from './page-cache.ts';

const PageCacheContext = createContext<PageCache | null>(null);

export function QueryClientProvider({ client, children }: { client: PageCache; children: ReactNode }) {
  return <PageCacheContext.Provider value={client}>{children}</PageCacheContext.Provider>;
}

/** The page's cache; the name TanStack Query gave it, so screens read as before. */
export function useQueryClient(): PageCache {
  const cache = useContext(PageCacheContext);
  if (!cache) throw new Error('useQueryClient needs a QueryClientProvider above it');
  return cache;
}
