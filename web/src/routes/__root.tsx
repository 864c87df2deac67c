// The document and the frame: <html lang="en"> with the pre-paint theme script, head tags, the navigation
// bar, footer and toasts around every screen, and the not-found screen. No UI kit is imported here.
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  ScriptOnce,
  Scripts,
  useRouter,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { siteQuery, USER_KEY } from '../api/queries.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '../config/site.ts';
import { firstPageScript, OWNER_PAGE_ATTRIBUTE } from '../db/first-page-script.ts';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { warmQuery } from '../features/blog/warm-query.ts';
import { earlyPressScript } from '../islands/early-press-script.ts';
import { IslandModeContext, inlineJson, PAGE_DATA_ID } from '../islands/island-mode.ts';
import { PWA_APPLE_TOUCH_ICON, PWA_MANIFEST_FILE, PWA_THEME_COLOR, SITE_FAVICON } from '../pwa/pwa-head.ts';
import type { RouterContext } from '../router-context.ts';
import { themeScript } from '../theme/theme-script.ts';
import { Frame } from '../ui/frame/Frame.tsx';
import { NotFound } from '../ui/NotFound.tsx';
import '../styles/global.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The site's identity (title, footer links, author) is part of every page's frame.
  loader: ({ context }) => warmQuery(context.queryClient, siteQuery(context.data)),
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      // resizes-content: a phone's on-screen keyboard shrinks the page (and 100dvh), so the note editor's
      // box, sized in dvh, stays above the keyboard.
      {
        name: 'viewport',
        content:
          'width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content',
      },
      { name: 'color-scheme', content: 'light dark' },
      { title: DEFAULT_TITLE },
      { name: 'description', content: DEFAULT_DESCRIPTION },
      // The installable app (web/pwa/pwa-plugin.ts writes the manifest with the same colour).
      { name: 'theme-color', content: PWA_THEME_COLOR },
    ],
    links: [
      // The owner's site icon (Settings › Site) or the stock one, at the same addresses either way.
      { rel: 'icon', href: SITE_FAVICON, type: 'image/png' },
      { rel: 'manifest', href: `/${PWA_MANIFEST_FILE}` },
      { rel: 'apple-touch-icon', href: PWA_APPLE_TOUCH_ICON },
    ],
  }),
  shellComponent: RootDocument,
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootDocument({ children }: { children: ReactNode }) {
  const { islands, queryClient } = useRouter().options.context;
  // Rendered for the signed-in owner: a new device's page asks for its first notes while its scripts load.
  const owner = !islands && queryClient.getQueryData(USER_KEY) != null;
  return (
    // The theme script changes <html>'s class before React hydrates.
    <html lang="en" {...(owner ? { [OWNER_PAGE_ATTRIBUTE]: '' } : {})} suppressHydrationWarning>
      <head>
        {/* ScriptOnce writes its script on the server only: the browser's bundle leaves the scripts' text out. */}
        <ScriptOnce>{import.meta.env.SSR ? themeScript : ''}</ScriptOnce>
        {/* The owner's app: the notes screen's first cards are read (or, on a new device, asked for) while its
            scripts load. */}
        {islands ? null : <ScriptOnce>{import.meta.env.SSR ? firstPageScript : ''}</ScriptOnce>}
        {/* A public page: a click on an island before its module script runs is held, not lost. */}
        {islands ? <ScriptOnce>{import.meta.env.SSR ? earlyPressScript : ''}</ScriptOnce> : null}
        <HeadContent />
      </head>
      <body>
        {islands ? (
          <>
            <IslandModeContext.Provider value={true}>{children}</IslandModeContext.Provider>
            {/* What the islands read (the posts, comments, site), instead of the router's hydration data. */}
            <script
              type="application/json"
              id={PAGE_DATA_ID}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every '<' escaped (inlineJson)
              dangerouslySetInnerHTML={{ __html: inlineJson(queryClient.dehydrate()) }}
            />
            <script type="module" src={islands.entry} />
          </>
        ) : (
          <>
            {children}
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

function RootLayout() {
  return (
    <AuthProvider>
      <Frame>
        <Outlet />
      </Frame>
    </AuthProvider>
  );
}
