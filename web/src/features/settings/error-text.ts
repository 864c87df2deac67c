// The text to show for a failed call in the security panels: the server's own sentence, without the status
// and the field name its answers carry for forms ("400: code: That code is not right…" reads "That code is not
// right…"), or the panel's fallback when there is none.
import { ApiError } from '@private-notes/shared';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message.replace(/^[a-z][a-zA-Z.]*: /, '');
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
