// The comment form (SPEC sections 2 and 5): Name, 'Email (not published)', comment text, the spec's
// messages checked before sending, a honeypot field, and the 5-second thank-you card. Before or without
// JavaScript the form posts itself to /comment (the server applies the same rules and answers with a page
// linking back here); with it, the comment goes through the API in place.
import {
  type CommentForm as CommentFields,
  type CommentFormErrors,
  hasFormErrors,
  validateCommentForm,
} from '@private-notes/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { commentsQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { OFFLINE_FORM_NOTE } from '../../islands/dom/offline-form-note.ts';
import { toast } from '../../ui/toast-store.ts';
import styles from './Comments.module.css';

export const THANK_YOU_MS = 5000;
const EMPTY: CommentFields = { name: '', email: '', text: '' };

export function CommentForm({ postId, signedIn }: { postId: number; signedIn: boolean }) {
  const queryClient = useQueryClient();
  const data = useDataClient();
  const [fields, setFields] = useState<CommentFields>(EMPTY);
  const [errors, setErrors] = useState<CommentFormErrors>({});
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  // Offline, a valid comment is kept here with a note instead of failing to send (islands/dom/offline-forms.ts).
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  const edit = (field: keyof CommentFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    // A field's error clears when that field is edited (SPEC section 5).
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCommentForm(fields);
    setErrors(found);
    if (hasFormErrors(found)) {
      const first = (['name', 'email', 'text'] as const).find((f) => found[f]);
      document.getElementById(`comment-${first}`)?.focus();
      return;
    }
    if (!navigator.onLine) {
      setOffline(true);
      window.addEventListener('online', () => setOffline(false), { once: true });
      return;
    }
    setOffline(false);
    setSending(true);
    try {
      await api.createComment(postId, {
        author: fields.name.trim(),
        email: fields.email.trim(),
        content: fields.text.trim(),
        ...(website ? { website } : {}),
      });
      setFields(EMPTY);
      setThanked(true);
      if (signedIn) toast({ title: 'Your comment has been posted.', duration: 3000 });
      await queryClient.invalidateQueries(commentsQuery(data, postId));
    } catch {
      toast({
        title: 'Error submitting comment',
        description: 'Please try again later.',
        variant: 'destructive',
        duration: 3000,
      });
    } finally {
      setSending(false);
    }
  };

  if (thanked) {
    return (
      <div className={styles.thanks} role="status" data-testid="comment-thanks">
        <h3>Thank you for your comment!</h3>
        <p>It will appear once it has been reviewed.</p>
        <button type="button" className="pn-button pn-button-outline" onClick={() => setThanked(false)}>
          Add another comment
        </button>
      </div>
    );
  }

  const describedBy = (field: keyof CommentFields) => (errors[field] ? `comment-${field}-error` : undefined);
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      method="post"
      action="/comment"
      noValidate
      aria-labelledby="comment-form-title"
    >
      <input type="hidden" name="postId" value={postId} />
      <h3 id="comment-form-title" className={styles.pendingTitle}>
        Leave a comment
      </h3>
      <div className={styles.row}>
        <div>
          <label className="pn-label" htmlFor="comment-name">
            Name
          </label>
          <input
            id="comment-name"
            name="author"
            className="pn-input"
            autoComplete="name"
            value={fields.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(e) => edit('name', e.target.value)}
          />
          {errors.name && (
            <p id="comment-name-error" className={styles.error}>
              {errors.name}
            </p>
          )}
        </div>
        <div>
          <label className="pn-label" htmlFor="comment-email">
            Email (not published)
          </label>
          <input
            id="comment-email"
            name="email"
            className="pn-input"
            type="email"
            autoComplete="email"
            value={fields.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            onChange={(e) => edit('email', e.target.value)}
          />
          {errors.email && (
            <p id="comment-email-error" className={styles.error}>
              {errors.email}
            </p>
          )}
        </div>
      </div>
      {/* Honeypot: people never see or reach it; bots that fill every field are quietly ignored. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="comment-website">Website</label>
        <input
          id="comment-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <div>
        <label className="pn-label" htmlFor="comment-text">
          Comment
        </label>
        <textarea
          id="comment-text"
          name="content"
          className={`pn-input ${styles.textarea}`}
          rows={4}
          value={fields.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy('text')}
          onChange={(e) => edit('text', e.target.value)}
        />
        {errors.text && (
          <p id="comment-text-error" className={styles.error}>
            {errors.text}
          </p>
        )}
      </div>
      <p className={styles.note}>
        Your comment will be reviewed before appearing. Be respectful and constructive.
      </p>
      <div>
        {offline ? (
          <p role="alert" className={styles.error}>
            {OFFLINE_FORM_NOTE}
          </p>
        ) : null}
        <button type="submit" className="pn-button pn-button-primary" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Comment'}
        </button>
      </div>
    </form>
  );
}
