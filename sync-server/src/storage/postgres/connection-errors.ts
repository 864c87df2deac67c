// Tells a lost or refused database connection (retry later: 503) from an error in what was asked.
import { StoreUnavailableError } from '../store-unavailable-error.ts';

interface PgLikeError {
  code?: unknown;
  message?: unknown;
}

/** SQLSTATE classes 08 (connection exception), 57P (operator intervention: shutdown), 53 (resources). */
const CONNECTION_STATES = /^(08|57P|53)/;
const NODE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DRIVER_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded|Query read timeout|Client has encountered a connection error|Client was closed|not queryable/i;

export function isConnectionError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const { code, message } = (error ?? {}) as PgLikeError;
  if (typeof code === 'string' && (CONNECTION_STATES.test(code) || NODE_NETWORK_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/** Unique violation (23505) and the other integrity constraint errors. */
export function isConstraintError(error: unknown): boolean {
  const { code } = (error ?? {}) as PgLikeError;
  return typeof code === 'string' && code.startsWith('23');
}

export function describeConnectionError(error: unknown): string {
  const { code, message } = (error ?? {}) as PgLikeError;
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
