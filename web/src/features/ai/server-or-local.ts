// The AI helpers ask the server (which may use a real model) when online; when the browser is offline, or the
// server cannot be reached at all, the same local algorithms run here instead (@private-notes/shared/ai).
// A server that answers with an error (502: the model failed) is an error, not a reason to guess locally.
import { ApiError } from '@private-notes/shared';

export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export async function serverOrLocal<T>(server: () => Promise<T>, local: () => T | Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return local();
  try {
    return await server();
  } catch (error) {
    if (isUnreachable(error)) return local();
    throw error;
  }
}
