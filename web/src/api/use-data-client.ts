// The public data client (server services or HTTP), for components and hooks: an island's own, or else
// the current router's.
import type { PublicDataClient } from '@private-notes/shared';
import { useRouter } from '@tanstack/react-router';
import { useContext } from 'react';
import { DataClientContext } from './data-client-context.ts';

export function useDataClient(): PublicDataClient {
  const island = useContext(DataClientContext);
  // Both hooks run on every render (an island has no router: useRouter answers undefined there).
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  if (island) return island;
  if (!router) throw new Error('useDataClient needs a router or an island above it');
  return router.options.context.data;
}
