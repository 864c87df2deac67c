// The PWA part of the web build (vite-plugin-pwa): the icons, and the service worker in sw.ts compiled with
// the list of built files injected for precaching, plus the app pack that installs them in one request
// (app-pack.ts). The web app manifest is the server's (routes/site.ts).
// Used by the last browser build (vite.public.config.ts), so the list holds the app's files and the public
// pages' alike.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_PACK_FILE, encodeAppPack } from './app-pack.ts';

/** The type each precached kind of file is stored with (the glob below lists no other). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** Writes the app pack of the listed files into `dist` and adds it to the list (the worker fetches it). */
function appPack(dist: string) {
  return async (entries: ManifestEntry[]) => {
    const files = entries.filter((entry) => !APP_PACK_FILE.test(entry.url));
    const packed = await Promise.all(
      files.map(async ({ url }) => {
        const type = TYPES[path.extname(url)];
        if (!type)
          throw new Error(`The app pack has no Content-Type for ${url}: add its extension to TYPES.`);
        return { url, type, bytes: await readFile(path.join(dist, url)) };
      }),
    );
    const pack = encodeAppPack(packed);
    const url = `assets/app-pack-${createHash('sha256').update(pack).digest('hex').slice(0, 12)}.pack`;
    await writeFile(path.join(dist, url), pack);
    return { manifest: [...files, { url, revision: null, size: pack.length }] };
  };
}

export function pwaPlugin(dist: string) {
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
      manifestTransforms: [appPack(dist)],
    },
    devOptions: { enabled: false },
  });
}
