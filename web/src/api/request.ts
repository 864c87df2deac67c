// The one place the browser talks HTTP to the server: credentials, JSON bodies and SPEC section 8's
// error texts ('{status}: {message}', 'Network request failed', 'Failed to parse server response'). Every
// request has a deadline (request-deadline.ts), so none can hang.
import { ApiError, apiErrorText, NETWORK_ERROR, PARSE_ERROR, requestFailedText } from '@private-notes/shared';
import { bodySize, REQUEST_TIMEOUT_ERROR, startDeadline } from './request-deadline.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Private data carries the session cookie; the public blog list is fetched without it (SPEC section 6). */
  credentials?: RequestCredentials;
  /** Answer null instead of failing on 401 (the current user: 401 means anonymous). */
  nullOn401?: boolean;
  signal?: AbortSignal | undefined;
  /** Give up after this long (plus the upload allowance for a body); REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

/** '{status}: {message}' from a failed answer (shared apiErrorText), keeping the parsed body (a 409's note). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return new ApiError(response.status, requestFailedText(response.status));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, apiErrorText(response.status, text, response.statusText), body);
}

export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { nullOn401: true },
): Promise<T | null>;
export async function apiRequest<T>(path: string, options?: RequestOptions): Promise<T>;
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  // Covers the answer's body too, and ends at once when the device goes offline (request-deadline.ts).
  const deadline = startDeadline({
    timeoutMs: options.timeoutMs,
    bodyBytes: bodySize(body),
    signal: options.signal,
  });
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: options.credentials ?? 'include',
    headers,
    signal: deadline.signal,
  };
  // A JSON content type and a body only when a body is given (SPEC section 7).
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = body;
  }
  /** The caller's own abort stays an AbortError (queries drop it); a deadline or going offline is a failure. */
  const failure = (error: unknown, status: number): unknown => {
    const ended = deadline.ended();
    if (ended === 'caller') return error;
    return new ApiError(status, ended === 'timeout' ? REQUEST_TIMEOUT_ERROR : NETWORK_ERROR);
  };
  try {
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      throw failure(error, 0);
    }
    if (response.status === 401 && options.nullOn401) return null;
    if (!response.ok) throw await errorFromResponse(response);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw failure(error, response.status);
    }
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, PARSE_ERROR);
    }
  } finally {
    deadline.clear();
  }
}
