// The message a failed call's server sent ('{status}: ' left off), or a fallback when it sent none.
import { ApiError } from '@private-notes/shared';

export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
  }
  return fallback;
}
