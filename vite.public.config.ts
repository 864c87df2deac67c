// The public pages' build (docs/decisions/public-islands.md): web/src/public-entry.ts and the islands it
// wakes, built apart from the owner's app (vite.config.ts) so the two share no chunk: the app's shared
// chunk runs the app when imported, and the public pages need none of its router or frame. Runs after the
// app's build, into the same web/dist (its own manifest: .vite/public-manifest.json).
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionBuild } from './web/production-build-plugin.ts';
import { pwaPlugin } from './web/pwa/pwa-plugin.ts';

const webRoot = path.resolve(import.meta.dirname, 'web');

export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: false,
  resolve: {
    // As in vite.config.ts: React 19 has the hook the shim stands in for.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  // The service worker is built here, by the last browser build: its precache list is every file in
  // web/dist, so the owner's worker keeps the public pages' scripts too (a public page the owner opens
  // offline is the visitor's saved copy, which runs them), not only the app's.
  plugins: [productionBuild(), react(), pwaPlugin(path.join(webRoot, 'dist'))],
  build: {
    outDir: path.join(webRoot, 'dist'),
    // The app's build is already there.
    emptyOutDir: false,
    manifest: '.vite/public-manifest.json',
    target: 'es2022',
    // The page links its styles from the app's build (the same CSS modules, the same class names): an
    // island brings no stylesheet of its own (one unused CSS file is written; no script asks for it).
    cssCodeSplit: false,
    rolldownOptions: {
      input: path.join(webRoot, 'src/public-entry.ts'),
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/p-[name]-[hash].js',
      },
    },
  },
});
