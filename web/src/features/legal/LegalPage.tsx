// The frame of a legal page: title, 'Last updated April 12, 2025', the text and a back-to-home link.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styles from './LegalPage.module.css';

export const LEGAL_LAST_UPDATED = 'April 12, 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className={`pn-container pn-prose ${styles.page}`}>
      <Link to="/" className={styles.back}>
        ← Back to home
      </Link>
      <h1>{title}</h1>
      <p className={styles.updated}>Last updated {LEGAL_LAST_UPDATED}</p>
      {children}
      <p className={styles.footer}>
        <Link to="/" className={styles.back}>
          ← Back to home
        </Link>
      </p>
    </article>
  );
}
