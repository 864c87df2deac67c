// The newsletter sign-up of the blog home and of every post: POST /api/subscribe (DECISIONS), then a
// thank-you that keeps the typed address and asks to confirm from the inbox (double opt-in: nothing is
// sent before that). Before or without JavaScript the form posts itself to /subscribe (the server answers
// with a page and a link back here); with it, the same address goes through the API in place.
import { DEFAULT_SITE } from '@private-notes/shared';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api.ts';
import { OFFLINE_FORM_NOTE } from '../../islands/dom/offline-form-note.ts';
import styles from './Blog.module.css';
import { serverMessage } from './server-message.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; email: string }
  | { kind: 'error'; message: string };

/** `back`: the page the block is on, where the no-JavaScript answer page links back to (a prop, not the
 * router's location: on a visitor's page the block is an island and no router runs). */
export function NewsletterBlock({
  back,
  siteTitle = DEFAULT_SITE.title,
}: {
  back: string;
  /** Settings › Site's title: the newsletter is the site's. */
  siteTitle?: string | undefined;
}) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    // Offline the address is kept in the field, with a note, instead of failing to send.
    if (!navigator.onLine) {
      setState({ kind: 'error', message: OFFLINE_FORM_NOTE });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await api.subscribe({ email: address });
      setState({ kind: 'done', email: address });
      setEmail('');
    } catch (error) {
      setState({
        kind: 'error',
        message: serverMessage(error, 'Failed to subscribe. Please try again later.'),
      });
    }
  };

  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Subscribe to the Newsletter</h2>
      <p className={styles.subtitle}>New posts from {siteTitle}, by e-mail.</p>
      <form className={styles.newsletterForm} onSubmit={submit} method="post" action="/subscribe">
        <input type="hidden" name="back" value={back} />
        <label htmlFor="newsletter-email" className="pn-visually-hidden">
          Email address
        </label>
        <input
          id="newsletter-email"
          className="pn-input"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="pn-button pn-button-primary" disabled={state.kind === 'sending'}>
          Subscribe
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'done' && (
          <div className={styles.alertSuccess} role="status">
            <p className={styles.alertTitle}>Check your inbox</p>
            <p>
              Almost there: we sent a confirmation link to {state.email}. Open it to start receiving new
              posts.
            </p>
          </div>
        )}
        {state.kind === 'error' && (
          <div className={styles.alertError} role="alert">
            <p className={styles.alertTitle}>Subscription failed</p>
            <p>{state.message}</p>
          </div>
        )}
      </div>
      <p className={styles.privacy}>We respect your privacy. Unsubscribe at any time.</p>
    </section>
  );
}
