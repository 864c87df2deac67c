// The one place the browser talks HTTP to the server: credentials, JSON bodies and SPEC section 8's
// error texts ('{status}: {message}', 'Network request failed', 'Failed to parse server response').
import { ApiError, apiErrorText, NETWORK_ERROR, PARSE_ERROR, requestFailedText } from '@private-notes/shared';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Private data carries the session cookie; the public blog list is fetched without it (SPEC section 6). */
  credentials?: RequestCredentials;
  /** Answer null instead of failing on 401 (the current user: 401 means anonymous). */
  nullOn401?: boolean;
  signal?: AbortSignal | undefined;
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
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: options.credentials ?? 'include',
    headers,
    signal: options.signal ?? null,
  };
  // A JSON content type and a body only when a body is given (SPEC section 7).
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.status === 401 && options.nullOn401) return null;
  if (!response.ok) throw await errorFromResponse(response);
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(response.status, NETWORK_ERROR);
  }
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, PARSE_ERROR);
  }
}
