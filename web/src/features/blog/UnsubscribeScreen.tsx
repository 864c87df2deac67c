// Newsletter unsubscribe (/unsubscribe, ?email= prefills), SPEC section 2: validation, 'Processing...',
// success with Resubscribe (which only resets the form), an 'Error' alert, and Back to home. With ?token=
// (the link in a newsletter's footer) it asks for no address: one button unsubscribes that subscription.
// A link older than a year answers 410: the page says so and asks for the address instead (the server then
// mails a notice with a way back), and points to the blog's form for subscribing again.
import { ApiError, DEFAULT_SITE, validateUnsubscribeEmail } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import styles from './NewsletterCard.module.css';
import { serverMessage } from './server-message.ts';

type State =
  | { kind: 'form' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'error'; message: string }
  | { kind: 'expired'; message: string };

interface Props {
  email?: string | undefined;
  token?: string | undefined;
  /** Settings › Site's title: the newsletter is the site's. */
  siteTitle?: string | undefined;
}

export function UnsubscribeScreen({
  email: initial,
  token: initialToken,
  siteTitle = DEFAULT_SITE.title,
}: Props) {
  const [email, setEmail] = useState(initial ?? '');
  // Dropped by Resubscribe: the reset form is the plain one that asks for an address.
  const [token, setToken] = useState(initialToken);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'form' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let body: { email: string } | { token: string };
    if (token) {
      body = { token };
    } else {
      const invalid = validateUnsubscribeEmail(email.trim());
      setFieldError(invalid);
      if (invalid) return;
      body = { email: email.trim() };
    }
    setState({ kind: 'sending' });
    try {
      await api.unsubscribe(body);
      setState({ kind: 'done' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) {
        // The link is past its time: the plain form that asks for the address takes over.
        setToken(undefined);
        setState({ kind: 'expired', message: serverMessage(error, 'This unsubscribe link has expired.') });
        return;
      }
      setState({ kind: 'error', message: serverMessage(error, 'Failed to unsubscribe') });
    }
  };

  const resubscribe = () => {
    setEmail('');
    setToken(undefined);
    setFieldError(null);
    setState({ kind: 'form' });
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        {state.kind === 'done' ? (
          <div role="status">
            <h1 className={styles.title}>Successfully Unsubscribed</h1>
            <p className={styles.text}>
              You have been successfully unsubscribed from our newsletter. You will no longer receive emails
              from us.
            </p>
            <button type="button" className="pn-button pn-button-outline" onClick={resubscribe}>
              Resubscribe
            </button>
          </div>
        ) : (
          <>
            <h1 className={styles.title}>Unsubscribe from the Newsletter</h1>
            <p className={styles.text}>
              {token
                ? `Stop receiving the ${siteTitle} newsletter at the address this link was sent to.`
                : `Enter your email address to stop receiving the ${siteTitle} newsletter.`}
            </p>
            <form className={styles.form} onSubmit={submit} noValidate>
              {state.kind === 'error' && (
                <div className={styles.alert} role="alert">
                  <p className={styles.alertTitle}>Error</p>
                  <p>{state.message}</p>
                </div>
              )}
              {state.kind === 'expired' && (
                <div className={styles.alert} role="alert">
                  <p className={styles.alertTitle}>Link expired</p>
                  <p>{state.message}</p>
                </div>
              )}
              {token ? null : (
                <div>
                  <label className="pn-label" htmlFor="unsubscribe-email">
                    Email address
                  </label>
                  <input
                    id="unsubscribe-email"
                    className="pn-input"
                    type="email"
                    autoComplete="email"
                    value={email}
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={fieldError ? 'unsubscribe-email-error' : undefined}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      setFieldError(null);
                    }}
                  />
                  {fieldError && (
                    <p id="unsubscribe-email-error" className={styles.error}>
                      {fieldError}
                    </p>
                  )}
                </div>
              )}
              <button
                type="submit"
                className="pn-button pn-button-primary"
                disabled={state.kind === 'sending'}
              >
                {state.kind === 'sending' ? 'Processing...' : 'Unsubscribe'}
              </button>
            </form>
          </>
        )}
        <div className={styles.actions}>
          <a href="/" className="pn-button pn-button-ghost">
            Back to home
          </a>
        </div>
      </div>
    </div>
  );
}
