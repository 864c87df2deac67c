// The answers to a post's comment form sent without JavaScript (POST /comment): a small server-written page
// in the site's own stylesheet, like the newsletter form's. Sent: the thank-you the form shows in place
// (pending moderation). Refused: why, with the form filled back in so nothing typed is lost. Plain HTML,
// not a route of the web app, so a post's page carries no extra script for it.
import type { CommentForm, CommentFormErrors } from '@private-notes/shared';
import { escapeHtml } from '../mail/render-mail.ts';
import { renderAnswerPage } from './subscribe-answer-page.ts';

/** The form's own address: posted without JavaScript, and (GET) the page saying it was sent. */
export const COMMENT_FORM_PATH = '/comment';

export const COMMENT_THANKS_HEADING = 'Thank you for your comment!';
export const COMMENT_THANKS_BODY = 'It will appear once it has been reviewed.';
export const COMMENT_FAILED_HEADING = 'Error submitting comment';

interface PageFrame {
  siteTitle: string;
  stylesheets: readonly string[];
}

function page(frame: PageFrame, heading: string, body: string): string {
  return renderAnswerPage({ ...frame, heading, className: 'pn-comment-answer', body });
}

/** Sent (or taken by the honeypot, which must not tell): pending moderation, and the way back to the post. */
export function renderCommentThanks(frame: PageFrame & { postPath: string }): string {
  return page(
    frame,
    COMMENT_THANKS_HEADING,
    `<p role="status">${escapeHtml(COMMENT_THANKS_BODY)}</p>
<p><a class="pn-button pn-button-primary" href="${escapeHtml(`${frame.postPath}#comments`)}">Back to the post</a></p>`,
  );
}

/** A post that does not exist or is not published: nothing to comment on. */
export function renderCommentNoPost(frame: PageFrame & { message: string }): string {
  return page(
    frame,
    COMMENT_FAILED_HEADING,
    `<p role="alert">${escapeHtml(frame.message)}</p>
<p><a class="pn-button pn-button-primary" href="/blog">Back to the blog</a></p>`,
  );
}

function field(
  name: 'author' | 'email',
  key: keyof CommentForm,
  label: string,
  value: string,
  error: string | undefined,
  attrs: string,
): string {
  const id = `comment-${key}`;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div><label class="pn-label" for="${id}">${escapeHtml(label)}</label>
<input id="${id}" class="pn-input" name="${name}" value="${escapeHtml(value)}"${attrs}${invalid}>
${error ? `<p id="${id}-error" role="alert">${escapeHtml(error)}</p>` : ''}</div>`;
}

/**
 * Refused: the reasons (each field's, or one for the whole form such as the rate limit), and the form again
 * with what was typed, posting to the same address. The honeypot comes back empty and out of sight.
 */
export function renderCommentRefused(
  frame: PageFrame & {
    postId: number;
    postPath: string;
    form: CommentForm;
    errors: CommentFormErrors;
    message?: string | undefined;
  },
): string {
  const { form, errors } = frame;
  const textInvalid = errors.text ? ' aria-invalid="true" aria-describedby="comment-text-error"' : '';
  return page(
    frame,
    COMMENT_FAILED_HEADING,
    `${frame.message ? `<p role="alert">${escapeHtml(frame.message)}</p>` : '<p>Please correct the form below and send it again.</p>'}
<form method="post" action="${COMMENT_FORM_PATH}" novalidate aria-label="Leave a comment" style="display:grid;gap:1rem">
<input type="hidden" name="postId" value="${frame.postId}">
${field('author', 'name', 'Name', form.name, errors.name, ' autocomplete="name"')}
${field('email', 'email', 'Email (not published)', form.email, errors.email, ' type="email" autocomplete="email"')}
<div aria-hidden="true" style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden">
<label for="comment-website">Website</label><input id="comment-website" name="website" tabindex="-1" autocomplete="off"></div>
<div><label class="pn-label" for="comment-text">Comment</label>
<textarea id="comment-text" class="pn-input" name="content" rows="6"${textInvalid}>${escapeHtml(form.text)}</textarea>
${errors.text ? `<p id="comment-text-error" role="alert">${escapeHtml(errors.text)}</p>` : ''}</div>
<p>Your comment will be reviewed before appearing. Be respectful and constructive.</p>
<div><button type="submit" class="pn-button pn-button-primary">Submit Comment</button></div>
</form>
<p><a href="${escapeHtml(`${frame.postPath}#comments`)}">Back to the post</a></p>`,
  );
}
