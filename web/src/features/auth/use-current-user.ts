// The current user from the query cache (key '/api/user'): null when anonymous, undefined while loading.
import type { User } from '@private-notes/shared';
import { userQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';

export function useCurrentUser(): {
  user: User | null | undefined;
  isLoading: boolean;
  /** The server (or the offline fallback) has answered; false while loading or after a failed check. */
  isAnswered: boolean;
} {
  const query = useQuery(userQuery(useDataClient()));
  // A failed session check (server down) counts as anonymous rather than loading forever.
  const user = query.isError ? null : query.data;
  return { user, isLoading: query.isPending && !query.isError, isAnswered: query.isSuccess };
}
