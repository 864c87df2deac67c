// Client-side checks of the comment and unsubscribe forms (SPEC section 5), with the spec's exact messages.
import { EmailSchema } from '../schemas/common.ts';

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

/** The server's own e-mail rule, so an address the form accepts is never refused after sending. */
export function isValidEmail(email: string): boolean {
  return EmailSchema.safeParse(email).success;
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
