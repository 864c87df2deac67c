// The PWA part of the web build (vite-plugin-pwa): the web app manifest with its icons and colours, and the
// service worker in sw.ts compiled with the list of built files injected for precaching.
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_BACKGROUND_COLOR, PWA_MANIFEST_FILE, PWA_THEME_COLOR } from '../src/pwa/pwa-head.ts';

export function pwaPlugin() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'pwa',
    filename: 'sw.ts',
    // The page shows 'new version available — reload' and registers the worker itself (web/src/pwa).
    registerType: 'prompt',
    injectRegister: false,
    // The server-rendered head links this file (routes/__root.tsx).
    manifestFilename: PWA_MANIFEST_FILE,
    includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Private Notes',
      short_name: 'Notes',
      description: 'Private notes that work offline, with AI study helpers and a public blog.',
      lang: 'en-US',
      start_url: '/notes',
      scope: '/',
      display: 'standalone',
      theme_color: PWA_THEME_COLOR,
      background_color: PWA_BACKGROUND_COLOR,
      icons: [
        { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,svg,png,webmanifest,woff2}'],
      // Server entry output and Vite's manifest are not for the browser.
      globIgnores: ['**/.vite/**', '**/node_modules/**'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}
