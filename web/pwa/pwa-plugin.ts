// The PWA part of the web build (vite-plugin-pwa): the icons, and the service worker in sw.ts compiled with
// the list of built files injected for precaching. The web app manifest is the server's (routes/site.ts).
// Used by the last browser build (vite.public.config.ts), so the list holds the app's files and the public
// pages' alike.
import { VitePWA } from 'vite-plugin-pwa';

export function pwaPlugin() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'pwa',
    filename: 'sw.ts',
    // The page shows 'new version available — reload' and registers the worker itself (web/src/pwa).
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon-180.png'],
    // The server writes the manifest from the site's title (GET /manifest.webmanifest), so the build has
    // none: a copy here would be precached and outlive a change of the site settings.
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,svg,png,webmanifest,woff2}'],
      // Server entry output and Vite's manifest are not for the browser.
      globIgnores: ['**/.vite/**', '**/node_modules/**'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}
