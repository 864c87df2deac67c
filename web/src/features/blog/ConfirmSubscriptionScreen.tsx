// The double opt-in's second step (/subscribe/confirm?token=…): 'Confirm your subscription' with one
// button that POSTs the token. The page itself changes nothing, so a mail scanner that opens the link does
// not subscribe anyone; a second confirmation is harmless (the server answers 200 again). Without JavaScript the
// form posts to the page's own address and the server answers by redirecting here with `result`.

import { DEFAULT_SITE, MAIL_PAGES } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import type { ConfirmResult } from './blog-search.ts';
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

/** The page's state on arrival: after a form post without JavaScript, what the server said. */
function initialState(token: string | undefined, result: ConfirmResult | undefined): State {
  if (result === 'confirmed') return { kind: 'done', message: CONFIRMED_TEXT };
  if (result === 'limited') return { kind: 'error', message: TOO_MANY_TEXT };
  if (result === 'invalid' || !token) return { kind: 'error', message: INVALID_CONFIRM_LINK };
  return { kind: 'form' };
}

const CONFIRMED_TEXT = 'Your subscription is confirmed.';
const TOO_MANY_TEXT = 'Too many requests. Please try again later.';

export function ConfirmSubscriptionScreen({
  token,
  result,
  siteTitle = DEFAULT_SITE.title,
}: {
  token?: string | undefined;
  result?: ConfirmResult | undefined;
  /** Settings › Site's title: the newsletter is the site's. */
  siteTitle?: string | undefined;
}) {
  const [state, setState] = useState<State>(() => initialState(token, result));

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    setState({ kind: 'sending' });
    try {
      const answer = await api.confirmSubscription(token);
      setState({ kind: 'done', message: answer?.message || CONFIRMED_TEXT });
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
              Press the button to start receiving new posts from the {siteTitle} newsletter.
            </p>
            <form className={styles.form} method="post" action={MAIL_PAGES.confirm} onSubmit={confirm}>
              {state.kind === 'error' && (
                <div className={styles.alert} role="alert">
                  <p className={styles.alertTitle}>Could not confirm</p>
                  <p>{state.message}</p>
                </div>
              )}
              {token ? <input type="hidden" name="token" value={token} /> : null}
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
          <a href="/blog" className="pn-button pn-button-ghost">
            Go to the blog
          </a>
        </div>
      </div>
    </div>
  );
}
