// The client's error text for a non-OK answer (SPEC section 8): '{status}: {message}' with its fallbacks.
import { UNKNOWN_ERROR } from '../errors.ts';

/**
 * The message is the body's JSON `message`, else its `error`, else the raw body text, else the status text,
 * else 'Unknown error occurred'. Never throws: if building the text fails it is '{status}: Request failed'.
 */
export function apiErrorText(status: number, bodyText?: string | null, statusText?: string | null): string {
  try {
    return `${status}: ${errorMessage(bodyText, statusText)}`;
  } catch {
    return requestFailedText(status);
  }
}

/** The fallback when the answer could not even be read. */
export function requestFailedText(status: number): string {
  return `${status}: Request failed`;
}

/** The message part alone, for places that show the server's words without the status ('Failed to update subscriber'). */
export function errorMessage(bodyText?: string | null, statusText?: string | null): string {
  const raw = bodyText?.trim() ?? '';
  if (raw) {
    const body = parseJson(raw);
    if (body !== undefined) {
      if (body && typeof body === 'object') {
        const fields = body as Record<string, unknown>;
        const found = textOf(fields.message) ?? textOf(fields.error);
        if (found) return found;
      } else {
        // A JSON string or number is still the server's text.
        const found = textOf(body);
        if (found) return found;
      }
    }
    return raw;
  }
  return statusText?.trim() || UNKNOWN_ERROR;
}

function parseJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Some servers nest the text: { error: { message: '…' } }.
  if (value && typeof value === 'object' && 'message' in value)
    return textOf((value as { message: unknown }).message);
  return undefined;
}
