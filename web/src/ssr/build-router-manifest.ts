// Turns Vite's client manifest into the router's: for each route, the chunks to modulepreload and the CSS
// to link, so a server-rendered page is styled at once and its route code downloads in parallel with the
// entry instead of after it. The root route also carries the client entry script. The public pages'
// entry (islands, docs/decisions/public-islands.md) rides along as `publicEntry`.
import type { ServerManifest } from '@tanstack/router-core';

/** One entry of Vite's `.vite/manifest.json`. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';
export const PUBLIC_ENTRY = 'src/public-entry.ts';

/** The router's manifest and the URL of the public pages' entry script. */
export type AppManifest = ServerManifest & { publicEntry: string };
const ROOT_ROUTE_ID = '__root__';
const SPLIT_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=/;

/**
 * The route id the router plugin gives a file under src/routes, for this app's naming (plain files and
 * folders, `index` files, pathless `_layout` files, `$param` and `{-$optional}` segments):
 * 'blog/index' → '/blog/', '_app/notes' → '/_app/notes', '__root' → '__root__'.
 */
export function routeIdFromFile(file: string): string {
  if (file === '__root') return ROOT_ROUTE_ID;
  if (file === 'index') return '/';
  if (file.endsWith('/index')) return `/${file.slice(0, -'index'.length)}`;
  return `/${file}`;
}

interface Assets {
  files: Set<string>;
  css: Set<string>;
}

/** A chunk and everything it imports statically, with their CSS. */
function collect(manifest: ViteManifest, key: string, assets: Assets, seen = new Set<string>()): Assets {
  if (seen.has(key)) return assets;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return assets;
  assets.files.add(chunk.file);
  for (const css of chunk.css ?? []) assets.css.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, assets, seen);
  return assets;
}

/** `publicManifest`: the public pages' build's (vite.public.config.ts), which has the public entry. */
export function buildRouterManifest(
  manifest: ViteManifest,
  publicManifest: ViteManifest,
  base = '/',
): AppManifest {
  const url = (file: string) => `${base}${file}`;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The Vite manifest has no ${CLIENT_ENTRY}: build the client first`);
  const publicEntry = publicManifest[PUBLIC_ENTRY];
  if (!publicEntry) throw new Error(`The Vite manifest has no ${PUBLIC_ENTRY}: build the client first`);
  const root = collect(manifest, CLIENT_ENTRY, { files: new Set(), css: new Set() });

  const routes: ServerManifest['routes'] = {
    [ROOT_ROUTE_ID]: {
      preloads: [...root.files].map(url),
      css: [...root.css].map(url),
      scripts: [{ attrs: { type: 'module', src: url(entry.file), async: true } }],
    },
  };

  const byRoute = new Map<string, Assets>();
  for (const key of Object.keys(manifest)) {
    const match = SPLIT_CHUNK.exec(key);
    if (!match?.[1]) continue;
    const id = routeIdFromFile(match[1]);
    const assets = byRoute.get(id) ?? { files: new Set<string>(), css: new Set<string>() };
    collect(manifest, key, assets);
    byRoute.set(id, assets);
  }
  for (const [id, assets] of byRoute) {
    // What the root already loads is not repeated.
    routes[id] = {
      preloads: [...assets.files].filter((f) => !root.files.has(f)).map(url),
      css: [...assets.css].filter((c) => !root.css.has(c)).map(url),
    };
  }
  return { routes, publicEntry: url(publicEntry.file) };
}
