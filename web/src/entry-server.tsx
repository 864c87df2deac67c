// Server entry (built to web/dist-ssr): renders one page request to a Response. The server passes its own
// services as the data client, so rendering never calls the server over HTTP.
import type { PublicDataClient } from '@private-notes/shared';
import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { userQuery } from './api/queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { isIslandPage } from './islands/island-pages.ts';
import { type AppRouter, createAppRouter } from './router.tsx';
import type { AppManifest } from './ssr/build-router-manifest.ts';

export { buildRouterManifest, type ViteManifest } from './ssr/build-router-manifest.ts';

export interface RenderPageOptions {
  request: Request;
  data: PublicDataClient;
  manifest: AppManifest;
  /** Put on every inline script the router writes; the server allows exactly those and removes the marks. */
  scriptNonce: string;
}

export interface RenderedPage {
  response: Response;
  /** The page belongs to the owner's area (rendered as a 'Loading...' shell): never cache it. */
  isPrivate: boolean;
}

export async function renderPage({
  request,
  data,
  manifest,
  scriptNonce,
}: RenderPageOptions): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // The frame (navigation bar) needs the session on every page.
  await queryClient.prefetchQuery(userQuery(data));
  const signedIn = queryClient.getQueryData(userQuery(data).queryKey) != null;
  let isPrivate = false;
  let islands = false;
  const handler = createRequestHandler({
    request,
    createRouter: () =>
      createAppRouter({ queryClient, data, origin: new URL(request.url).origin }, scriptNonce),
    getRouterManifest: () => manifest,
  });
  let routeChunks: string[] = [];
  const response = await handler(({ router, responseHeaders }) => {
    isPrivate = router.state.matches.some((m) => m.routeId.startsWith('/_app'));
    // Only the owner gets past the layout's session check; a visitor is sent to /auth.
    if (isPrivate && signedIn) routeChunks = matchedRouteChunks(router, manifest);
    // An anonymous visitor's public page is HTML with islands; the owner keeps the whole app.
    islands = !signedIn && isIslandPage(router.state.matches.map((m) => m.routeId));
    if (islands) router.options.context.islands = { entry: manifest.publicEntry };
    return renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> });
  });
  if (islands) return { response: await asIslandsPage(response), isPrivate };
  if (routeChunks.length === 0) return { response, isPrivate };
  return { response: await withModulePreloads(response, routeChunks), isPrivate };
}

/**
 * An islands page loads none of the app's chunks, and no router wakes to read its hydration data: the
 * head's preloads and the router's data script (the one that defines $_TSR) go.
 */
async function asIslandsPage(response: Response): Promise<Response> {
  const html = (await response.text())
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script\b[^>]*>(?:(?!<\/script>)[\s\S])*?\$_TSR(?:(?!<\/script>)[\s\S])*<\/script>/g, '');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The server stops at the client-only `_app` layout, so the head preloads none of the owner's screen
 * chunks below it: the browser would fetch them only after the entry, the layout and the session check
 * (≈ 0.4 s later on /admin/subscribers). These are the chunks of every route the URL matches.
 */
function matchedRouteChunks(router: AppRouter, manifest: ServerManifest): string[] {
  const [matched] = router.getMatchedRoutes(router.state.location.pathname);
  const chunks = matched.flatMap((route) => manifest.routes[route.id]?.preloads ?? []);
  return [...new Set(chunks.map((p) => (typeof p === 'string' ? p : p.href)))];
}

/** Adds modulepreload links for the chunks the head does not preload yet. */
async function withModulePreloads(response: Response, hrefs: string[]): Promise<Response> {
  let html = await response.text();
  const missing = hrefs.filter((href) => !html.includes(`href="${href}"`));
  if (missing.length === 0) return new Response(html, response);
  const links = missing.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('');
  html = html.replace('</head>', `${links}</head>`);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
