// "You are offline: showing saved posts" on the blog's pages while the visitor reads saved copies: the page
// came from the service worker's saved copy (it marks <html>, web/pwa/sw.ts), or the browser is offline.
import { useEffect, useState } from 'react';
import styles from './Frame.module.css';

import { OFFLINE_COPY_ATTRIBUTE, OFFLINE_NOTICE } from './offline-notice-text.ts';

export function OfflineNotice() {
  // Rendered on the server and in the first client render as nothing, so hydration matches.
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    setOffline(!navigator.onLine || document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE));
    const onOffline = () => setOffline(true);
    const onOnline = () => {
      document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE);
      setOffline(false);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return (
    // data-offline-notice: the public pages' script (islands/dom/frame-behaviours.ts) shows it there.
    <div
      role="status"
      className={offline ? styles.offlineNotice : undefined}
      data-offline-notice={styles.offlineNotice}
    >
      {offline ? OFFLINE_NOTICE : null}
    </div>
  );
}
