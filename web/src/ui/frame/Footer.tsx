// The site footer: blurb, the owner's contact address, the public links and the owner's social links
// (SPEC section 2; Settings › Site: none shown until the owner sets them).
import { DEFAULT_SITE } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { useSite } from '../../api/use-site.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { LogoIcon, MailIcon, NetworkIcon } from '../icons.tsx';
import styles from './Frame.module.css';

const PRODUCT_BLURB =
  'A private, self-hosted home for your notes and what you learn: write offline, study with AI helpers, and share the best of it on your own blog.';

export function Footer() {
  const site = useSite();
  const { user } = useAuth();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBlurb}>
          <p className={styles.footerBrand}>
            <LogoIcon width={20} height={20} />
            {site.title}
          </p>
          {/* The site's own words once the owner has set a tagline (Settings › Site); the product's until then. */}
          <p>{site.tagline && site.tagline !== DEFAULT_SITE.tagline ? site.tagline : PRODUCT_BLURB}</p>
          {site.contactEmail ? (
            <a className={styles.footerMail} href={`mailto:${site.contactEmail}`}>
              <MailIcon width={16} height={16} />
              {site.contactEmail}
            </a>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              {/* Signed in, the owner is not asked to log in again: the link leads to the notes. */}
              {user ? <Link to="/notes">My Notes</Link> : <Link to="/auth">Admin Login</Link>}
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        {site.socialLinks.length > 0 ? (
          <ul className={styles.social} aria-label="Social links">
            {site.socialLinks.map((s) => (
              <li key={`${s.network} ${s.url}`}>
                <a href={s.url} rel="noopener noreferrer me" target="_blank" aria-label={s.network}>
                  <NetworkIcon width={16} height={16} />
                  <span>{s.network}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className={styles.copyright}>© {site.title}</p>
    </footer>
  );
}
