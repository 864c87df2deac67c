// Renders the toast store in plain CSS: one toast at a time, default or destructive, with an optional link
// or button.

import { CloseIcon } from '../icons.tsx';
import { dismissToast } from '../toast-store.ts';
import { useToasts } from '../use-toasts.ts';
import styles from './Frame.module.css';

export function Toaster() {
  const toasts = useToasts();
  return (
    <section className={styles.toaster} aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={styles.toast}
          data-variant={t.variant ?? 'default'}
          data-state={t.open ? 'open' : 'closed'}
        >
          <div className={styles.toastText}>
            <p className={styles.toastTitle}>{t.title}</p>
            {t.description && <p className={styles.toastDescription}>{t.description}</p>}
            {t.action && (
              <a className={styles.toastAction} href={t.action.href}>
                {t.action.label}
              </a>
            )}
            {t.button && (
              <button
                type="button"
                className={styles.toastAction}
                onClick={() => {
                  dismissToast(t.id);
                  t.button!.onClick();
                }}
              >
                {t.button.label}
              </button>
            )}
          </div>
          <button
            type="button"
            className={styles.toastClose}
            aria-label="Close notification"
            onClick={() => dismissToast(t.id)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
