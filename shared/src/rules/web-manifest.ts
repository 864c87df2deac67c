// The installable app's web app manifest, written from the site's own title and tagline (Settings › Site) by
// the server (GET /manifest.webmanifest), so the name under the home-screen icon is the owner's and follows
// a change of the settings at once. The colours are shared with the server-rendered head.

export const PWA_MANIFEST_FILE = 'manifest.webmanifest';
export const PWA_THEME_COLOR = '#4338ca';
export const PWA_BACKGROUND_COLOR = '#ffffff';
/** Browsers show about 12 characters under an icon. */
export const SHORT_NAME_MAX = 12;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

/** Sizes the server makes of the owner's site icon (GET /site-icon/{size}.png): favicon, apple-touch, app. */
export const SITE_ICON_SIZES = [32, 180, 192, 512] as const;
export type SiteIconSize = (typeof SITE_ICON_SIZES)[number];

/** Where a size of the site's icon is served: the owner's when set, else the stock icon at that size. */
export function siteIconPath(size: SiteIconSize): string {
  return `/site-icon/${size}.png`;
}

/**
 * Where the maskable form of the site's icon is served: the icon shrunk into the middle of a square of the
 * manifest's background colour, so a launcher that cuts it to a circle or a rounded square keeps all of it.
 */
export const SITE_MASKABLE_ICON_PATH = '/site-icon/maskable-512.png';

/** The owner's icon in the manifest: square PNGs the server cut from the upload, and its maskable form. */
export const SITE_ICONS: readonly ManifestIcon[] = [
  { src: siteIconPath(192), sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: siteIconPath(512), sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: SITE_MASKABLE_ICON_PATH, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The product's own icons (web/public/icons), used until the owner uploads a site icon. */
export const STOCK_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/**
 * The name under the icon: the title when it fits, else its last word when that fits (the noun, usually:
 * 'Private Notes' → 'Notes'), else the title cut to fit.
 */
export function manifestShortName(title: string): string {
  const name = title.trim();
  if (name.length <= SHORT_NAME_MAX) return name;
  const last = name.split(/\s+/).at(-1) ?? '';
  return last.length > 0 && last.length <= SHORT_NAME_MAX ? last : name.slice(0, SHORT_NAME_MAX).trimEnd();
}

export function webManifest(site: {
  title: string;
  tagline: string;
  iconUrl?: string | null;
}): Record<string, unknown> {
  const icons = site.iconUrl ? SITE_ICONS : STOCK_ICONS;
  return {
    id: '/',
    name: site.title,
    short_name: manifestShortName(site.title),
    description: site.tagline.trim() || site.title,
    lang: 'en-US',
    start_url: '/notes',
    scope: '/',
    display: 'standalone',
    theme_color: PWA_THEME_COLOR,
    background_color: PWA_BACKGROUND_COLOR,
    icons,
  };
}
