// Client-side checks of the comment and unsubscribe forms (SPEC section 5), with the spec's exact messages.
// Zod-free on purpose: these run on public pages, whose bundle leaves zod out (docs/decisions).

export const NAME_REQUIRED = 'Name is required';
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL_FORMAT = 'Invalid email format';
export const COMMENT_TEXT_REQUIRED = 'Comment text is required';
export const UNSUBSCRIBE_EMAIL_INVALID = 'Please enter a valid email address';

export interface CommentForm {
  name: string;
  email: string;
  text: string;
}

export type CommentFormErrors = Partial<Record<keyof CommentForm, string>>;

// zod 4's z.email() pattern, which EmailSchema uses on the server: a test keeps the two in step, so an
// address the form accepts is never refused after sending.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;

/** The server's e-mail rule (EmailSchema): trimmed, at most 254 characters, shaped like name@domain.tld. */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
}

/** One message per invalid field; an empty object when the form may be sent. */
export function validateCommentForm(form: CommentForm): CommentFormErrors {
  const errors: CommentFormErrors = {};
  if (!form.name.trim()) errors.name = NAME_REQUIRED;
  if (!form.email.trim()) errors.email = EMAIL_REQUIRED;
  else if (!isValidEmail(form.email)) errors.email = INVALID_EMAIL_FORMAT;
  if (!form.text.trim()) errors.text = COMMENT_TEXT_REQUIRED;
  return errors;
}

export function hasFormErrors(errors: CommentFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The unsubscribe field's message, or null when the address may be sent. */
export function validateUnsubscribeEmail(email: string): string | null {
  return isValidEmail(email) ? null : UNSUBSCRIBE_EMAIL_INVALID;
}
