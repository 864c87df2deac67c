// Renders the toast store in plain CSS: one toast at a time, default or destructive, with an optional link
// or button. A silent toast is drawn in a region that is not live and carries no alert role: what it says is
// already announced beside the form that failed (SPEC §4 and §8 ask for both; a screen reader hears it once).

import { CloseIcon } from '../icons.tsx';
import { dismissToast, type ToastItem } from '../toast-store.ts';
import { useToasts } from '../use-toasts.ts';
import styles from './Frame.module.css';

export function Toaster() {
  const toasts = useToasts();
  const silent = toasts.filter((t) => t.silent);
  return (
    <>
      <section className={styles.toaster} aria-label="Notifications" aria-live="polite">
        {toasts
          .filter((t) => !t.silent)
          .map((t) => (
            <Toast key={t.id} toast={t} role={t.variant === 'destructive' ? 'alert' : 'status'} />
          ))}
      </section>
      {silent.length > 0 && (
        <div className={styles.toaster}>
          {silent.map((t) => (
            <Toast key={t.id} toast={t} />
          ))}
        </div>
      )}
    </>
  );
}

function Toast({ toast: t, role }: { toast: ToastItem; role?: 'alert' | 'status' }) {
  return (
    <div
      role={role}
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
  );
}
