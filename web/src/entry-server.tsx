// Server entry (built to web/dist-ssr): renders one page request to a Response. The server passes its own
// services as the data client, so rendering never calls the server over HTTP.
import type { PublicDataClient } from '@private-notes/shared';
import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { userQuery } from './api/queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { createAppRouter } from './router.tsx';

export { buildRouterManifest, type ViteManifest } from './ssr/build-router-manifest.ts';

export interface RenderPageOptions {
  request: Request;
  data: PublicDataClient;
  manifest: ServerManifest;
}

export interface RenderedPage {
  response: Response;
  /** The page belongs to the owner's area (rendered as a 'Loading...' shell): never cache it. */
  isPrivate: boolean;
}

export async function renderPage({ request, data, manifest }: RenderPageOptions): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // The frame (navigation bar) needs the session on every page.
  await queryClient.prefetchQuery(userQuery(data));
  let isPrivate = false;
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient, data, origin: new URL(request.url).origin }),
    getRouterManifest: () => manifest,
  });
  const response = await handler(({ router, responseHeaders }) => {
    isPrivate = router.state.matches.some((m) => m.routeId.startsWith('/_app'));
    return renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> });
  });
  return { response, isPrivate };
}
