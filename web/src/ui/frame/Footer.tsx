// The site footer: blurb, contact, the public links and four social networks (SPEC section 2).
import { Link } from '@tanstack/react-router';
import { CONTACT_EMAIL, SOCIAL_LINKS } from '../../config/site.ts';
import { LogoIcon, MailIcon, NetworkIcon } from '../icons.tsx';
import styles from './Frame.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerBlurb}>
          <p className={styles.footerBrand}>
            <LogoIcon width={20} height={20} />
            Private Notes
          </p>
          <p>
            A private, self-hosted home for your notes and what you learn: write offline, study with AI
            helpers, and share the best of it on your own blog.
          </p>
          <a className={styles.footerMail} href={`mailto:${CONTACT_EMAIL}`}>
            <MailIcon width={16} height={16} />
            {CONTACT_EMAIL}
          </a>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/auth">Admin Login</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <ul className={styles.social} aria-label="Social links">
          {SOCIAL_LINKS.map((s) => (
            <li key={s.network}>
              <a href={s.href} rel="noopener noreferrer me" target="_blank" aria-label={s.network}>
                <NetworkIcon width={16} height={16} />
                <span>{s.network}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.copyright}>© Private Notes</p>
    </footer>
  );
}
