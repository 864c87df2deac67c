// The installable app's identity shared by the build's web app manifest (web/pwa/pwa-plugin.ts) and the
// server-rendered head (routes/__root.tsx), so the manifest's name and colour are written once.
export const PWA_MANIFEST_FILE = 'manifest.webmanifest';
export const PWA_THEME_COLOR = '#4338ca';
export const PWA_BACKGROUND_COLOR = '#ffffff';
export const PWA_APPLE_TOUCH_ICON = '/icons/apple-touch-icon-180.png';
