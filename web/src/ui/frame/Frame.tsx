// The frame around every screen: navigation bar, main content, footer, mobile tabs and toasts, each shown
// by SPEC section 2's path rules.
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SettingsEffects } from '../../features/settings/SettingsEffects.tsx';
import { Footer } from './Footer.tsx';
import styles from './Frame.module.css';
import { showsFooter, showsNavBar } from './frame-rules.ts';
import { MobileTabs } from './MobileTabs.tsx';
import { NavBar } from './NavBar.tsx';
import { Toaster } from './Toaster.tsx';

export function Frame({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const nav = showsNavBar(pathname);
  return (
    <div className={`pn-page ${nav ? styles.withTabs : ''}`}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {nav && <NavBar />}
      <main id="main" className="pn-main">
        {children}
      </main>
      {showsFooter(pathname) && <Footer />}
      {nav && <MobileTabs />}
      <Toaster />
      <SettingsEffects />
    </div>
  );
}
