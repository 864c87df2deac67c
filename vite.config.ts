// The web app's build: React, TanStack Router file routes with per-route code splitting, a client build with
// a manifest (the server reads it to preload route chunks) and an SSR build of web/src/entry-server.tsx.
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionBuild } from './web/production-build-plugin.ts';

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
      // Dexie's ES module build rather than its wrapper around the CommonJS one (which guards against two
      // copies in one page; a bundle has one): CommonJS needs the bundler's interop helpers, which then
      // leave the entry as a file of their own on every page once the owner's database chunk loads apart.
      {
        find: /^dexie$/,
        replacement: path.resolve(import.meta.dirname, 'node_modules/dexie/dist/dexie.mjs'),
      },
    ],
  },
  plugins: [
    productionBuild(),
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
    // The service worker is built by the public pages' build (vite.public.config.ts), which runs after this
    // one into the same folder: only then are all the files it must precache there.
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
                // The owner's screens load in parts (docs/decisions/owner-first-visit-split.md), and every
                // chunk's name sits in the entry's preload map, which every page downloads: pieces that
                // always load together ride as one file. A group takes the modules it captures with their
                // dependencies, so each holds only leaves no public page imports.
                // The UI kit's part lists (≈ 0.15 KB each, all used by the owner's theme).
                { name: 'ui-anatomy', test: /\.anatomy\.m?js$|@zag-js\/anatomy\// },
                // The local database and the sync status the notes screen shows first. Taken before the next
                // group (priority), so the note limits the list needs stay out of the schemas' file.
                {
                  name: 'db',
                  test: /dexie\/dist\/dexie\.mjs|web\/src\/db\/(db|notes-database|client-id)\.|shared\/src\/schemas\/note-limits\.|web\/src\/sync\/(sync-status|open-conflicts)\./,
                  priority: 1,
                },
                // What the sync engine and review sync need after the notes screen's first paint: the schema
                // library and the schemas answers are checked against, the HTTP client, the diff library.
                {
                  name: 'zod',
                  test: /node_modules\/(zod|diff)\/|shared\/src\/schemas\/(common|revision|note)\.|web\/src\/sync\/(sync-http|conflicted-copy)\./,
                },
                // The study scheduler with review sync (the notes screen's due count and background sync).
                {
                  name: 'study-engine',
                  test: /web\/src\/features\/study\/(review-sync-app|review-sync|record-review|card-schedule)\.|web\/src\/db\/study-store\.|shared\/src\/schemas\/study\.|node_modules\/ts-fsrs\//,
                },
                // The small pieces the blog's list pages share (cards, links, icons, counts, and the
                // newsletter block the home and the post page both show): one file rather than nine
                // (≈ 1 KB gzip of per-file overhead on /blog). Not the rules the owner's notes screen uses
                // too (card dates, count labels, visible tags: their own group, taken first), or the owner's
                // first visit would load the blog's kit and CSS with them (≈ 3.8 KB gzip).
                {
                  name: 'card-date',
                  test: /shared\/src\/rules\/(card-date|count-labels|visible-tags)\./,
                  priority: 2,
                },
                {
                  name: 'blog-kit',
                  test: /web\/src\/features\/blog\/(PostCard|PostLink|Blog\.module|blog-icons|server-message|NewsletterBlock)\.|shared\/src\/rules\/tag-counts\./,
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
