// What a failed hand-over to SMTP means for the recipient: try again later, give up on the address, stop
// the whole send, or "maybe delivered" (never re-sent without the owner).

export type SmtpFailure =
  /** 4xx, or the server could not be reached at all: retry with backoff. */
  | 'temporary'
  /** 5xx: the address is refused for good; the subscriber becomes bounced. */
  | 'permanent'
  /** Wrong credentials: every message would fail the same way; pause the send. */
  | 'auth'
  /** The connection broke after the session began: the server may have taken the message. */
  | 'uncertain';

/** Errors that happen before any SMTP conversation: nothing can have been delivered. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

interface NodemailerError {
  code?: string;
  responseCode?: number;
  command?: string;
  errno?: string | number;
  syscall?: string;
  message?: string;
}

export function classifySmtpError(error: unknown): SmtpFailure {
  const e = (error ?? {}) as NodemailerError;
  if (e.code === 'EAUTH' || e.responseCode === 530 || e.responseCode === 535) return 'auth';
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 500 && e.responseCode < 600) return 'permanent';
    if (e.responseCode >= 400 && e.responseCode < 500) return 'temporary';
  }
  const sysCode = typeof e.errno === 'string' ? e.errno : undefined;
  const causeCode = (e as { cause?: { code?: string } }).cause?.code;
  if (e.syscall === 'connect' || e.syscall === 'getaddrinfo') return 'temporary';
  for (const code of [sysCode, causeCode, e.code]) if (code && NOT_CONNECTED.has(code)) return 'temporary';
  if (e.code === 'EDNS' || e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT') {
    // A silent close before the greeting happens before anything was sent.
    if (e.command === 'CONN' && /greeting/i.test(e.message ?? '')) return 'temporary';
    return 'uncertain';
  }
  // Errors thrown before the transport (e.g. a bad address) leave nothing maybe-delivered.
  return 'temporary';
}

/** The SMTP answer or error text, short enough for the owner's screen. */
export function describeSmtpError(error: unknown): string {
  const e = (error ?? {}) as NodemailerError & { response?: string };
  const text = e.response ?? e.message ?? String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
