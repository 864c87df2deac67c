// E-mail settings from the environment (see .env.example): the SMTP server or capture mode, the sender,
// DKIM, the site's public address for links, throttling, retry delays and the weekly digest's schedule.
import { readFileSync } from 'node:fs';
import { parseBoolean } from '../config.ts';

type Env = Record<string, string | undefined>;

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` or `smtps://…`; when set, host/port/user/password/secure are ignored. */
  url: string | null;
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
}

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface MailConfig {
  /** Null: no SMTP server, every message is captured to DATA_DIR/mail and the Outbox. */
  smtp: SmtpConfig | null;
  from: string;
  dkim: DkimConfig | null;
  /** The site's canonical origin (`https://blog.example`), without a trailing slash. */
  publicUrl: string | null;
  maxConnections: number;
  ratePerSecond: number;
  /** Waits before the 2nd, 3rd, … attempt after a temporary failure; its length + 1 is the try limit. */
  retryDelaysMs: number[];
  /** Consecutive failures (of any recipients) after which a newsletter send pauses. */
  pauseAfterErrors: number;
  /** Comment alerts: at most one mail per this many ms, checked every `alertCheckMs`. */
  alertIntervalMs: number;
  alertCheckMs: number;
  /** Weekly digest: day of week (0 = Sunday) and hour, in the server's time zone. */
  digestDay: number;
  digestHour: number;
}

function nonEmpty(value: string | undefined): string | null {
  return value !== undefined && value.trim() !== '' ? value.trim() : null;
}

function intIn(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (nonEmpty(value) === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** `https://blog.example/` → `https://blog.example`; anything but an http(s) origin (no path) is refused. */
export function parsePublicUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `PUBLIC_URL must be an http(s) origin such as https://blog.example (no path), got "${raw}"`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  )
    throw new Error(
      `PUBLIC_URL must be an http(s) origin such as https://blog.example (no path), got "${raw}"`,
    );
  return url.origin;
}

function parseSmtp(env: Env): SmtpConfig | null {
  const url = nonEmpty(env.SMTP_URL);
  const host = nonEmpty(env.SMTP_HOST);
  if (url === null && host === null) return null;
  if (url !== null && !/^smtps?:\/\//i.test(url))
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const secure = parseBoolean('SMTP_SECURE', env.SMTP_SECURE, false);
  return {
    url,
    host: host ?? '',
    port: intIn('SMTP_PORT', env.SMTP_PORT, 1, 65535, secure ? 465 : 587),
    secure,
    user: nonEmpty(env.SMTP_USER),
    password: env.SMTP_PASSWORD ?? null,
  };
}

function parseDkim(env: Env): DkimConfig | null {
  const domainName = nonEmpty(env.DKIM_DOMAIN);
  const keySelector = nonEmpty(env.DKIM_SELECTOR);
  const keyFile = nonEmpty(env.DKIM_PRIVATE_KEY_FILE);
  if (domainName === null && keySelector === null && keyFile === null) return null;
  if (domainName === null || keySelector === null || keyFile === null)
    throw new Error('DKIM needs all three of DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE');
  let privateKey: string;
  try {
    privateKey = readFileSync(keyFile, 'utf8');
  } catch (error) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE: cannot read ${keyFile}: ${(error as Error).message}`);
  }
  if (!privateKey.includes('PRIVATE KEY'))
    throw new Error(`DKIM_PRIVATE_KEY_FILE: ${keyFile} is not a PEM key`);
  return { domainName, keySelector, privateKey };
}

function parseDelays(value: string | undefined): number[] {
  const raw = nonEmpty(value);
  if (raw === null) return [60_000, 300_000, 1_800_000, 7_200_000];
  const delays = raw.split(',').map((s) => Number(s.trim()));
  if (delays.length === 0 || delays.some((d) => !Number.isFinite(d) || d < 0))
    throw new Error(`MAIL_RETRY_DELAYS must be seconds separated by commas, got "${raw}"`);
  return delays.map((d) => Math.round(d * 1000));
}

export function loadMailConfig(env: Env): MailConfig {
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return {
    smtp: parseSmtp(env),
    from: nonEmpty(env.MAIL_FROM) ?? `Private Notes <no-reply@${host}>`,
    dkim: parseDkim(env),
    publicUrl,
    maxConnections: intIn('SMTP_MAX_CONNECTIONS', env.SMTP_MAX_CONNECTIONS, 1, 50, 3),
    ratePerSecond: intIn('SMTP_RATE_PER_SECOND', env.SMTP_RATE_PER_SECOND, 1, 10_000, 20),
    retryDelaysMs: parseDelays(env.MAIL_RETRY_DELAYS),
    pauseAfterErrors: 20,
    alertIntervalMs: 10 * 60 * 1000,
    alertCheckMs: 30 * 1000,
    digestDay: intIn('DIGEST_DAY', env.DIGEST_DAY, 0, 6, 1),
    digestHour: intIn('DIGEST_HOUR', env.DIGEST_HOUR, 0, 23, 8),
  };
}
