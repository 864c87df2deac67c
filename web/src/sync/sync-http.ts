// The engine's HTTP seam: one request function that answers {status, body} and turns a failed fetch, or one
// that outlives its deadline, into a TransientSyncError, so the engine can tell "the server said no" from "we
// could not reach it".
import { NETWORK_ERROR, UNKNOWN_ERROR } from '@private-notes/shared';
import { bodySize, REQUEST_TIMEOUT_ERROR, startDeadline } from '../api/request-deadline.ts';

export interface HttpAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

export type SyncRequest = (
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
) => Promise<HttpAnswer>;

/** Could not reach the server, or it failed in a way worth retrying (5xx, 408, 429, no answer in time). */
export class TransientSyncError extends Error {}
/**
 * The request never got an answer from the server because the network failed it (no connection, a reset, the
 * device going offline), as opposed to a server that answered badly or too slowly. Right after the device comes
 * back online this is usually the network not being usable yet, so the engine tries again within moments.
 */
export class UnreachableSyncError extends TransientSyncError {}
/** The session is gone: sync waits for the owner to sign in again. */
export class UnauthorizedSyncError extends Error {}

export interface HttpOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers for every request (tests pass the session cookie; the browser sends it by itself). */
  headers?: () => Record<string, string>;
  /** A request (headers and body) that takes longer is abandoned; REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** Extra time for a push's body, a second per this many characters; UPLOAD_BYTES_PER_SECOND by default. */
  uploadBytesPerSecond?: number;
}

export function createSyncRequest(options: HttpOptions = {}): SyncRequest {
  const baseUrl = options.baseUrl ?? '';
  return async (method, path, body, signal) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Ends on the deadline, on the browser's `offline` event (for every caller, the study progress sync
    // included), or on the caller's signal (the engine aborts its round when it stops or hears `offline`
    // from its own event source).
    const deadline = startDeadline({
      timeoutMs: options.timeoutMs,
      bodyBytes: bodySize(payload),
      bytesPerSecond: options.uploadBytesPerSecond,
      signal,
    });
    const failed = () =>
      deadline.ended() === 'timeout'
        ? new TransientSyncError(REQUEST_TIMEOUT_ERROR)
        : new UnreachableSyncError(NETWORK_ERROR);
    try {
      let response: Response;
      try {
        response = await doFetch(baseUrl + path, {
          method,
          credentials: 'include',
          cache: 'no-store',
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.headers?.() ?? {}),
          },
          body: payload,
          signal: deadline.signal,
        });
      } catch {
        throw failed();
      }
      let text = '';
      try {
        // Inside the deadline: a server that declares a length and sends half of it is cut off here.
        text = await response.text();
      } catch {
        throw failed();
      }
      let parsed: unknown = text;
      if (text && (response.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return { status: response.status, statusText: response.statusText, body: parsed };
    } finally {
      deadline.clear();
    }
  };
}

/** SPEC section 8: '{status}: {message}', the message from `message`, else `error`, else the raw text, else the status text. */
export function describeAnswer(answer: HttpAnswer): string {
  const body = answer.body;
  let message: string | undefined;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) message = record.message;
    else if (typeof record.error === 'string' && record.error) message = record.error;
  } else if (typeof body === 'string' && body) {
    message = body;
  }
  return `${answer.status}: ${message ?? (answer.statusText || UNKNOWN_ERROR)}`;
}

/** Throws for the answers that stop a sync round; returns for the ones the caller decides on. */
export function throwIfStopping(answer: HttpAnswer): void {
  if (answer.status === 401) throw new UnauthorizedSyncError(describeAnswer(answer));
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429 || answer.status === 0) {
    throw new TransientSyncError(describeAnswer(answer));
  }
}

export interface BytesAnswer extends HttpAnswer {
  headers: Headers;
  /** The body as bytes on a successful non-JSON answer (a downloaded file), else null. */
  bytes: ArrayBuffer | null;
}

export type BytesRequest = (
  method: 'GET' | 'HEAD' | 'PUT',
  path: string,
  body?: ArrayBuffer,
) => Promise<BytesAnswer>;

/**
 * The attachments' HTTP seam: raw bytes up and down, with the same deadline and error handling as
 * createSyncRequest. An upload gets time for its body; a download gets time for the body its headers
 * announce, from when they arrive, so a large file on a slow link is not cut off while a stalled one is.
 */
export function createBytesRequest(options: HttpOptions = {}): BytesRequest {
  const baseUrl = options.baseUrl ?? '';
  return async (method, path, body) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const deadline = startDeadline({
      timeoutMs: options.timeoutMs,
      bodyBytes: body?.byteLength ?? 0,
      bytesPerSecond: options.uploadBytesPerSecond,
    });
    const failed = () =>
      deadline.ended() === 'timeout'
        ? new TransientSyncError(REQUEST_TIMEOUT_ERROR)
        : new UnreachableSyncError(NETWORK_ERROR);
    try {
      let response: Response;
      try {
        response = await doFetch(baseUrl + path, {
          method,
          credentials: 'include',
          cache: 'no-store',
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/octet-stream' }),
            ...(options.headers?.() ?? {}),
          },
          body,
          signal: deadline.signal,
        });
      } catch {
        throw failed();
      }
      const json = (response.headers.get('content-type') ?? '').includes('json');
      let bytes: ArrayBuffer | null = null;
      let parsed: unknown = '';
      try {
        if (method === 'HEAD') {
          // no body
        } else if (response.ok && !json) {
          deadline.restart(Number(response.headers.get('content-length')) || 0);
          bytes = await response.arrayBuffer();
        } else {
          const text = await response.text();
          parsed = text;
          if (json && text) parsed = JSON.parse(text);
        }
      } catch (error) {
        if (error instanceof SyntaxError) parsed = '';
        else throw failed();
      }
      return {
        status: response.status,
        statusText: response.statusText,
        body: parsed,
        headers: response.headers,
        bytes,
      };
    } finally {
      deadline.clear();
    }
  };
}
