// What an owner's screen shows when its data, kept on the server, could not be fetched. Offline (the request
// never reached the server, or the browser says it is offline) that is no failure: an informative notice says
// plainly that this part needs a connection, that what the device holds still works, and it fills in by
// itself once the device is back online. Any other failure keeps its error text (SPEC section 8).
import { Alert, Link, Text } from '@chakra-ui/react';
import { ApiError } from '@private-notes/shared';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { QueryKey } from '../../api/page-cache.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';

const RETRY_AFTER_ONLINE_MS = [0, 1000, 3000, 7000, 15000];

/** True when the request failed for want of a connection rather than because the server refused it. */
export function isOfflineFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof ApiError && error.status === 0;
}

export function ServerDataError({
  error,
  what,
  failed,
  queryKey,
}: {
  error: Error;
  /** What the screen shows from the server, as the subject of "… are kept on the server". */
  what: string;
  /** The error line when the server answered with a failure; the error's own text when left out. */
  failed?: string;
  /** Fetched again when the device comes back online. */
  queryKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const offline = isOfflineFailure(error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's contents, not its identity
  useEffect(() => {
    if (!offline) return;
    // The 'online' event can come a moment before requests go through: a few tries, until the data shows
    // (this notice then leaves the page, and its timers with it).
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const retry = () => {
      for (const ms of RETRY_AFTER_ONLINE_MS)
        timers.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey }), ms));
    };
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [offline, queryClient, JSON.stringify(queryKey)]);
  if (!offline) {
    return (
      <Text color="fg.error" role="alert">
        {failed ?? error.message}
      </Text>
    );
  }
  return <NeedsConnection what={what} />;
}

/** The offline notice itself: info, not an error. */
export function NeedsConnection({ what }: { what: string }) {
  return (
    <Alert.Root status="info" data-testid="needs-connection">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You are offline</Alert.Title>
        <Alert.Description>
          {what} are kept on the server, so this part needs a connection; it fills in by itself when you are
          back online. Your notes, trash, study cards and import &amp; export work on this device:{' '}
          <Link asChild fontWeight="semibold" textDecoration="underline">
            <RouterLink to="/notes">open My Notes</RouterLink>
          </Link>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
