// Browser entry: hydrates the server-rendered page (or, under the dev server, renders from scratch) with a
// router whose data client speaks HTTP.
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { httpDataClient } from './api/http-data-client.ts';
import { createQueryClient } from './api/query-client.ts';
import { NOTES_PATHS, whenShellFirstPageRead } from './db/first-page-script.ts';
import { createAppRouter } from './router.tsx';
import { applyTheme, getTheme, initTheme } from './theme/theme-store.ts';

const router = createAppRouter({
  queryClient: createQueryClient(),
  data: httpDataClient,
  origin: window.location.origin,
});

declare global {
  interface Window {
    $_TSR?: unknown;
  }
}

// The router hands a reload back to the browser's scroll restoration, which on the notes list scrolls once the
// cards have made the page tall enough, under a press already begun (router.tsx): that list opens at the top.
if (NOTES_PATHS.includes(window.location.pathname)) window.history.scrollRestoration = 'manual';

if (window.$_TSR) {
  initTheme();
  // On the notes screen, the newest notes the page's shell is reading come with the first render (at most a
  // short wait: the read began before this script was fetched).
  void whenShellFirstPageRead(250).then(() => hydrateRoot(document, <RouterClient router={router} />));
} else {
  // No server render (the Vite dev server): render the whole document here. Rendering into the document
  // resets <html>'s attributes, so the theme goes back on right after.
  const root = createRoot(document);
  flushSync(() => root.render(<RouterProvider router={router} />));
  initTheme();
  router.subscribe('onResolved', () => applyTheme(getTheme()));
}
