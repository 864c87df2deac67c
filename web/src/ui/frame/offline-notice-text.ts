// The offline notice's text, and the mark the service worker puts on <html> for a saved copy (web/pwa/sw.ts).
export const OFFLINE_NOTICE = 'You are offline: showing saved posts';
export const OFFLINE_COPY_ATTRIBUTE = 'data-pn-offline-copy';
