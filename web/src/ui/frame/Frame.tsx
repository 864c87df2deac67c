// The frame around every screen: navigation bar, main content, footer, mobile tabs and toasts, each shown
// by SPEC section 2's path rules; on public pages it registers the reader's service worker.
import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useContext, useEffect } from 'react';
import { SettingsEffects } from '../../features/settings/SettingsEffects.tsx';
import { IslandModeContext } from '../../islands/island-mode.ts';
import { registerReaderServiceWorker } from '../../pwa/register-reader-service-worker.ts';
import { Footer } from './Footer.tsx';
import styles from './Frame.module.css';
import { isBlogReadingPage, showsFooter, showsNavBar } from './frame-rules.ts';
import { MobileTabs } from './MobileTabs.tsx';
import { NavBar } from './NavBar.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { Toaster } from './Toaster.tsx';

export function Frame({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const nav = showsNavBar(pathname);
  const publicPage = showsFooter(pathname);
  const islands = useContext(IslandModeContext);
  // Visitors get the reader's service worker on public pages; the owner's screens register the full one.
  useEffect(() => {
    if (publicPage) registerReaderServiceWorker();
  }, [publicPage]);
  return (
    <div className={`pn-page ${nav ? styles.withTabs : ''}`}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {nav && <NavBar />}
      <main id="main" className="pn-main">
        {isBlogReadingPage(pathname) && <OfflineNotice />}
        {children}
      </main>
      {showsFooter(pathname) && <Footer />}
      {nav && <MobileTabs />}
      {islands ? (
        // Hydrated with the page's first island (islands/island-runtime.tsx): islands announce by toasts.
        <div data-island-toaster style={{ display: 'contents' }}>
          <Toaster />
        </div>
      ) : (
        <Toaster />
      )}
      <SettingsEffects />
    </div>
  );
}
