// The public data client of the current router (server services or HTTP), for components and hooks.
import type { PublicDataClient } from '@private-notes/shared';
import { useRouter } from '@tanstack/react-router';

export function useDataClient(): PublicDataClient {
  return useRouter().options.context.data;
}
