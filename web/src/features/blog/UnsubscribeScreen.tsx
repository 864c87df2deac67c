// Newsletter unsubscribe (/unsubscribe, ?email= prefills), SPEC section 2: validation, 'Processing...',
// success with Resubscribe (which only resets the form), an 'Error' alert, and Back to home.
import { validateUnsubscribeEmail } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import { serverMessage } from './server-message.ts';
import styles from './Unsubscribe.module.css';

type State = { kind: 'form' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

export function UnsubscribeScreen({ email: initial }: { email?: string | undefined }) {
  const [email, setEmail] = useState(initial ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'form' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateUnsubscribeEmail(email.trim());
    setFieldError(invalid);
    if (invalid) return;
    setState({ kind: 'sending' });
    try {
      await api.unsubscribe(email.trim());
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'error', message: serverMessage(error, 'Failed to unsubscribe') });
    }
  };

  const resubscribe = () => {
    setEmail('');
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
            <p className={styles.text}>Enter your email address to stop receiving the newsletter.</p>
            <form className={styles.form} onSubmit={submit} noValidate>
              {state.kind === 'error' && (
                <div className={styles.alert} role="alert">
                  <p className={styles.alertTitle}>Error</p>
                  <p>{state.message}</p>
                </div>
              )}
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
          <Link to="/" className="pn-button pn-button-ghost">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}
