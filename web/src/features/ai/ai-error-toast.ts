// What a failed AI call shows: the spec's text for that call (SPEC section 8), except when the server
// refused it for a limit (429: too many requests from this session, or the model busy), where the
// server's own message says what happened and that waiting helps, which "try again" alone would not.
import { ApiError } from '@private-notes/shared';
import { AI_ERRORS, type AiOperation } from '@private-notes/shared/ai';
import type { ToastOptions } from '../../ui/toast-store.ts';

export function aiErrorToast(operation: AiOperation, error: unknown): ToastOptions {
  const spec = AI_ERRORS[operation];
  if (error instanceof ApiError && error.status === 429) {
    const body = error.body as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : null;
    if (message) return { title: spec.title, description: message, variant: 'destructive' };
  }
  return { ...spec, variant: 'destructive' };
}
