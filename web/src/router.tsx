// Builds a router: one per request on the server, one per page load in the browser. The query cache
// travels with the server-rendered page (dehydrate/hydrate) so the browser does not fetch it again.
import { createRouter, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { QueryClientProvider } from './api/page-cache-context.tsx';
import { NOTES_PATHS } from './db/first-page-script.ts';
import type { RouterContext } from './router-context.ts';
import { routeTree } from './routeTree.gen.ts';
import { RouteError } from './ui/RouteError.tsx';

/** Inside the router, so every route and the frame share the request's (or page's) query cache. */
function QueryProvider({ children }: { children: ReactNode }) {
  const { queryClient } = useRouter().options.context;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * `scriptNonce` (server only) marks the inline scripts the router writes, so the server can tell its own
 * scripts from anything else in the page and allow only those by hash (sync-server/src/pages/web-app.ts).
 */
export function createAppRouter(context: RouterContext, scriptNonce?: string) {
  const { queryClient } = context;
  return createRouter({
    routeTree,
    context,
    ...(scriptNonce === undefined ? {} : { ssr: { nonce: scriptNonce } }),
    defaultPreload: 'intent',
    // Data is cached by the page cache; the router should always ask it.
    defaultPreloadStaleTime: 0,
    // Not onto the notes list: its cards render once the database answers, so a position restored then (or by
    // the browser, as the page grew) moved the list under a press already begun on a card (issue 35, point 6).
    // It opens at the top (NotesScreen scrolls there as it mounts, as the router does for other screens);
    // entry-client.tsx turns the browser's own restoration off there too.
    scrollRestoration: ({ location }) => !NOTES_PATHS.includes(location.pathname),
    defaultErrorComponent: RouteError,
    // As a JSON string: the cache holds plain JSON answers, and a string needs no type gymnastics.
    dehydrate: () => ({ queryState: JSON.stringify(queryClient.dehydrate()) }),
    hydrate: (dehydrated: { queryState: string }) => {
      queryClient.hydrate(JSON.parse(dehydrated.queryState));
    },
    InnerWrap: QueryProvider,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
