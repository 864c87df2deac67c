// The owner's area: a pathless layout, rendered in the browser only, that loads the session (showing
// 'Loading...' meanwhile) and provides Chakra UI to its screens. Its children guard themselves as
// SPEC section 2's route table says.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useQueryClient } from '../api/page-cache-context.tsx';
import { userQuery } from '../api/queries.ts';
import { Loading } from '../ui/Loading.tsx';
import { PrivateProviders } from '../ui/private/PrivateProviders.tsx';

export const Route = createFileRoute('/_app')({
  ssr: false,
  // The server renders this layout's pending screen ('Loading...'); kept in the route (not a lazy chunk)
  // so renderToString has it at once. It is plain markup, no UI kit.
  codeSplitGroupings: [['component']],
  pendingMs: 0,
  pendingMinMs: 0,
  beforeLoad: async ({ context }) => ({
    user: await context.queryClient.ensureQueryData(userQuery(context.data)),
  }),
  pendingComponent: Loading,
  component: PrivateLayout,
});

function PrivateLayout() {
  const { user } = Route.useRouteContext();
  const cache = useQueryClient();
  const signedIn = Boolean(user);
  // The live channel (sync/live/): every open owner screen follows changes made elsewhere.
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import('../sync/live/app-live.ts').then(({ startAppLive }) => {
      if (!left) stop = startAppLive(cache);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [signedIn, cache]);
  return (
    <PrivateProviders>
      <Outlet />
    </PrivateProviders>
  );
}
