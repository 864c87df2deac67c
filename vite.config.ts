// The web app's build: React, TanStack Router file routes with per-route code splitting, a client build with
// a manifest (the server reads it to preload route chunks) and an SSR build of web/src/entry-server.tsx.
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwaPlugin } from './web/pwa/pwa-plugin.ts';

const webRoot = path.resolve(import.meta.dirname, 'web');
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  // The server serves the app from the site root, so asset URLs are absolute.
  base: '/',
  // The server build needs no copy of the public files.
  publicDir: isSsrBuild ? false : path.join(webRoot, 'public'),
  resolve: {
    // The router's store asks for the pre-React-18 shim of useSyncExternalStore; React 19 has the hook, and
    // the shim-free selector helper uses it directly (≈ 0.2 KB gzip less on every page).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: path.join(webRoot, 'src/routes'),
      generatedRouteTree: path.join(webRoot, 'src/routeTree.gen.ts'),
      autoCodeSplitting: true,
      // pendingComponent must be split too, or a private layout's pending screen drags its UI kit into the
      // public entry (TOOLCHAIN.md).
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    // PWA (engineer F): manifest, icons and the service worker, for the browser build only.
    ...(isSsrBuild ? [] : [pwaPlugin()]),
  ],
  build: isSsrBuild
    ? { outDir: path.join(webRoot, 'dist-ssr'), emptyOutDir: true, target: 'node20' }
    : {
        outDir: path.join(webRoot, 'dist'),
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          input: path.join(webRoot, 'src/entry-client.tsx'),
          output: {
            // The entry lists every lazy chunk's file name (its preload map), so those names are part of the
            // first visit of every page: the many small shared chunks (UI kit parts, helpers, routes) are
            // named by their hash alone (the server finds a route's chunk through Vite's manifest); screens and
            // components (capitalised names) keep theirs, and so do the code highlighter and its grammars, which
            // load from a note only (never listed by the entry).
            chunkFileNames: (chunk) =>
              /^[A-Z]/.test(chunk.name) ||
              chunk.name === 'code-highlighter' ||
              chunk.moduleIds.some((id) => id.includes('/highlight.js/lib/languages/'))
                ? 'assets/[name]-[hash].js'
                : 'assets/[hash:7].js',
            // Everything the entry imports statically (React, the router, the frame) runs on every page, so
            // it ships as one file: split into a dozen small shared chunks it cost ≈ 4 KB gzip more on /blog.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                // The small pieces the blog's list pages share (cards, links, icons, counts, and the
                // newsletter block the home and the post page both show): one file rather than nine
                // (≈ 1 KB gzip of per-file overhead on /blog). Not card-date.ts (its own
                // group, taken first): the owner's screens use it too, and would load the blog's CSS with it.
                { name: 'card-date', test: /shared\/src\/rules\/card-date\./, priority: 2 },
                {
                  name: 'blog-kit',
                  test: /web\/src\/features\/blog\/(PostCard|PostLink|Blog\.module|blog-icons|server-message|NewsletterBlock)\.|shared\/src\/rules\/(count-labels|tag-counts|visible-tags)\./,
                },
              ],
            },
          },
        },
      },
  ssr: {
    // Bundle the workspace package (it ships TypeScript sources) so Node never has to load .ts files.
    noExternal: ['@private-notes/shared'],
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}));
