// The top navigation bar (SPEC section 2): logo, 'View Blog', the owner's links, theme menu,
// 'Logout ({username})' or 'Admin', and on small screens a collapsible menu.
import { Link, useLocation } from '@tanstack/react-router';
import { useContext, useEffect, useRef, useState } from 'react';
import { useSite } from '../../api/use-site.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useSettings } from '../../features/settings/use-settings.ts';
import { Island } from '../../islands/Island.tsx';
import { IslandModeContext } from '../../islands/island-mode.ts';
import { CloseIcon, LogoIcon, MenuIcon } from '../icons.tsx';
import styles from './Frame.module.css';
import { ThemeMenu } from './ThemeMenu.tsx';

const SCROLL_SHADOW_PX = 10;

export function NavBar() {
  const { user, logout } = useAuth();
  const site = useSite();
  const { settings } = useSettings();
  const pathname = useLocation({ select: (l) => l.pathname });
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // On an islands page the menu is rendered closed and opened by a script (islands/dom/frame-behaviours.ts).
  const islands = useContext(IslandModeContext);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_SHADOW_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Escape closes the mobile menu and hands focus back to its button, as for any disclosure.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read
  useEffect(() => setMenuOpen(false), [pathname]);

  const links = user
    ? [
        { to: '/notes', label: 'My Notes' },
        { to: '/blog/admin', label: 'Blog Admin' },
        ...(settings.aiFeatures ? [{ to: '/ai-explanations', label: 'AI Assistant' }] : []),
        { to: '/settings', label: 'Settings' },
      ]
    : [];

  const account = user ? (
    <button type="button" className="pn-button pn-button-outline" onClick={() => void logout()}>
      Logout ({user.username})
    </button>
  ) : (
    <Link to="/auth" className="pn-button pn-button-primary">
      Admin
    </Link>
  );

  return (
    <header className={styles.navBar} data-scrolled={scrolled ? 'true' : 'false'}>
      <nav className={styles.navInner} aria-label="Main">
        <Link to={user ? '/' : '/blog'} className={styles.logo} aria-label={`${site.title} home`}>
          <LogoIcon width={24} height={24} />
          <span>{site.title}</span>
        </Link>
        <div className={styles.navLinks}>
          <Link to="/blog" className="pn-button pn-button-ghost">
            View Blog
          </Link>
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={`pn-button pn-button-ghost ${styles.navLink}`}
              activeProps={{ 'aria-current': 'page' }}
            >
              {l.label}
            </Link>
          ))}
        </div>
        <div className={styles.navActions}>
          <Island name="theme-menu" component={ThemeMenu} props={{}} />
          <span className={styles.desktopOnly}>{account}</span>
          <button
            ref={menuButtonRef}
            type="button"
            className={`pn-button pn-button-ghost ${styles.iconButton} ${styles.mobileOnly}`}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {islands ? (
              <>
                <MenuIcon data-menu-icon />
                {/* `hidden` is not among an SVG's typed props, yet is a global attribute the CSS honours. */}
                <CloseIcon data-menu-icon {...{ hidden: true }} />
              </>
            ) : menuOpen ? (
              <CloseIcon />
            ) : (
              <MenuIcon />
            )}
          </button>
        </div>
      </nav>
      {(menuOpen || islands) && (
        <div id="mobile-menu" className={styles.mobileMenu} hidden={islands || undefined}>
          <Link to="/blog" className={styles.mobileMenuLink}>
            View Blog
          </Link>
          {links.map((l) => (
            <Link key={l.to} to={l.to} className={styles.mobileMenuLink}>
              {l.label}
            </Link>
          ))}
          <div className={styles.mobileMenuAccount}>{account}</div>
        </div>
      )}
    </header>
  );
}
