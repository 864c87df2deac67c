// The double opt-in's second step (/subscribe/confirm?token=…): 'Confirm your subscription' with one
// button that POSTs the token. The page itself changes nothing, so a mail scanner that opens the link does
// not subscribe anyone; a second confirmation is harmless (the server answers 200 again).
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import styles from './NewsletterCard.module.css';
import { serverMessage } from './server-message.ts';

/** Shown for a link with no token at all (the server answers the same text for a bad or expired one). */
export const INVALID_CONFIRM_LINK =
  'This confirmation link is invalid or has expired. Subscribe again to get a new one.';

type State =
  | { kind: 'form' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

export function ConfirmSubscriptionScreen({ token }: { token?: string | undefined }) {
  const [state, setState] = useState<State>(
    token ? { kind: 'form' } : { kind: 'error', message: INVALID_CONFIRM_LINK },
  );

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    setState({ kind: 'sending' });
    try {
      const answer = await api.confirmSubscription(token);
      setState({ kind: 'done', message: answer?.message || 'Your subscription is confirmed.' });
    } catch (error) {
      setState({ kind: 'error', message: serverMessage(error, 'Failed to confirm. Please try again.') });
    }
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        {state.kind === 'done' ? (
          <div role="status">
            <h1 className={styles.title}>Subscription confirmed</h1>
            <p className={styles.text}>{state.message} New posts will arrive in your inbox.</p>
          </div>
        ) : (
          <>
            <h1 className={styles.title}>Confirm your subscription</h1>
            <p className={styles.text}>
              Press the button to start receiving new posts from the Private Notes newsletter.
            </p>
            <form className={styles.form} onSubmit={confirm}>
              {state.kind === 'error' && (
                <div className={styles.alert} role="alert">
                  <p className={styles.alertTitle}>Could not confirm</p>
                  <p>{state.message}</p>
                </div>
              )}
              {token ? (
                <button
                  type="submit"
                  className="pn-button pn-button-primary"
                  disabled={state.kind === 'sending'}
                >
                  {state.kind === 'sending' ? 'Confirming...' : 'Confirm subscription'}
                </button>
              ) : null}
            </form>
          </>
        )}
        <div className={styles.actions}>
          <Link to="/blog" className="pn-button pn-button-ghost">
            Go to the blog
          </Link>
        </div>
      </div>
    </div>
  );
}
