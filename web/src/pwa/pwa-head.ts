// The installable app's identity in the server-rendered head (routes/__root.tsx). The manifest itself is
// written by the server from the site's title (shared/rules/web-manifest.ts), with the same colours.
export {
  PWA_BACKGROUND_COLOR,
  PWA_MANIFEST_FILE,
  PWA_THEME_COLOR,
} from '@private-notes/shared/rules/web-manifest';
export const PWA_APPLE_TOUCH_ICON = '/icons/apple-touch-icon-180.png';
