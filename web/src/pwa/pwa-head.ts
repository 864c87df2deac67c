// The installable app's identity in the server-rendered head (routes/__root.tsx). The manifest itself is
// written by the server from the site's title (shared/rules/web-manifest.ts), with the same colours.
export {
  PWA_BACKGROUND_COLOR,
  PWA_MANIFEST_FILE,
  PWA_THEME_COLOR,
} from '@private-notes/shared/rules/web-manifest';
/** The site's icon as the server serves it (the owner's upload, or the stock icon): favicon and apple-touch. */
export const SITE_FAVICON = '/site-icon/32.png';
export const PWA_APPLE_TOUCH_ICON = '/site-icon/180.png';
