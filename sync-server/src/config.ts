// Reads the server's configuration from environment variables into one typed object (see .env.example).
import path from 'node:path';
import { REVISION_RETENTION_DAYS_DEFAULT } from '@private-notes/shared';
import { loadMailConfig, type MailConfig } from './mail/mail-config.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

import {
  ATTACHMENT_GC_GRACE_DAYS_DEFAULT,
  ATTACHMENT_MAX_BYTES_DEFAULT,
  ATTACHMENT_QUOTA_BYTES_DEFAULT,
} from '@private-notes/shared';

export interface OpenAiConfig {
  apiKey: string | null;
  baseUrl: string | null;
  model: string | null;
}

/** Limits on calls to a configured model (the local algorithms are not limited). */
export interface AiLimits {
  /** Model calls one session may start per minute; beyond: 429. */
  perSessionPerMinute: number;
  /** Model calls running at once across all sessions; beyond: 429. */
  maxConcurrent: number;
}

export interface AttachmentsConfig {
  /** Largest file accepted (ATTACHMENT_MAX_MB). */
  maxBytes: number;
  /** All attachments together (ATTACHMENT_QUOTA_MB). */
  quotaBytes: number;
  /** How long an unreferenced file is kept before it is removed (ATTACHMENT_GC_GRACE_DAYS). */
  gcGraceMs: number;
  /** How often garbage collection runs (ATTACHMENT_GC_INTERVAL_HOURS); 0 turns the timer off. */
  gcIntervalMs: number;
  /** Largest image accepted and decoded, in pixels (IMAGE_MAX_MEGAPIXELS). */
  maxImagePixels: number;
}

export interface BackupConfig {
  /** Where scheduled backups are written (BACKUP_DIR, default DATA_DIR/backups). */
  dir: string;
  /** How many of them are kept, newest first (BACKUP_KEEP). */
  keep: number;
  /** How often one is written (BACKUP_INTERVAL_HOURS); 0 turns scheduled backups off. */
  intervalMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  ownerUsername: string;
  /** Null means: generate a strong password on first start and print it once. */
  ownerPassword: string | null;
  /** Null means: a random secret generated once and kept in the data store. */
  sessionSecret: string | null;
  openai: OpenAiConfig;
  aiLimits: AiLimits;
  webDistDir: string;
  /** Passed to Express's `trust proxy`, so `req.secure` and `req.ip` honour X-Forwarded-* behind a proxy. */
  trustProxy: boolean | number | string;
  logRequests: boolean;
  /** pino's level: request lines are `info`; `warn` or `silent` drop them. */
  logLevel: LogLevel;
  /** Extra origins allowed to send unsafe requests (e.g. a dev server on another port). */
  allowedOrigins: string[];
  /** Journal size (bytes) past which the store compacts into a fresh snapshot. */
  compactThresholdBytes: number;
  /** Note revisions older than this many days are removed (REVISION_RETENTION_DAYS, default 90). */
  revisionRetentionDays: number;
  /** `postgres://…`: keep the data in PostgreSQL instead of the embedded store in `dataDir`. */
  databaseUrl: string | null;
  /** SMTP or capture mode, PUBLIC_URL, DKIM, throttling and schedules (mail/mail-config.ts). */
  mail: MailConfig;
  attachments: AttachmentsConfig;
  backups: BackupConfig;
}

type Env = Record<string, string | undefined>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

function nonEmpty(value: string | undefined): string | null {
  return value !== undefined && value.trim() !== '' ? value : null;
}

const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];

/**
 * Every yes/no setting goes through here, so each accepts what people write (1/0, true/false, on/off, yes/no,
 * any case) and an unreadable value stops the start naming the variable, rather than silently meaning "on".
 */
export function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new Error(`${name} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}, got "${value}"`);
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value.trim() === '') return 'info';
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level as LogLevel;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parseRetentionDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return REVISION_RETENTION_DAYS_DEFAULT;
  const days = Number(value);
  if (!Number.isFinite(days) || days <= 0) {
    throw new Error(`REVISION_RETENTION_DAYS must be a positive number of days, got "${value}"`);
  }
  return days;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value.trim() === '') return false;
  const trimmed = value.trim();
  // A number is a hop count (0 trusts nothing); the yes/no words are read as every other boolean is.
  const hops = Number(trimmed);
  if (Number.isInteger(hops)) return hops;
  const word = trimmed.toLowerCase();
  if (TRUE_WORDS.includes(word) || FALSE_WORDS.includes(word))
    return parseBoolean('TRUST_PROXY', word, false);
  return trimmed;
}

function parseDatabaseUrl(value: string | undefined): string | null {
  const url = nonEmpty(value)?.trim() ?? null;
  if (url !== null && !/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  return url;
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  return number;
}

export const DEFAULT_AI_REQUESTS_PER_MINUTE = 20;
export const DEFAULT_AI_MAX_CONCURRENT = 2;
/** A 48-megapixel phone photo fits; decoding this many pixels takes about 200 MB, not gigabytes. */
export const DEFAULT_IMAGE_MAX_MEGAPIXELS = 50;

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/** A positive number from the environment, or the default; anything else stops the start with a clear error. */
function positiveNumber(env: Env, name: string, fallback: number, allowZero = false): number {
  const value = nonEmpty(env[name]);
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !allowZero))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${value}"`);
  return n;
}

export function loadConfig(env: Env = process.env): Config {
  const inTests = env.VITEST !== undefined || env.NODE_ENV === 'test';
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? path.join(REPO_ROOT, 'data'));
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    ownerUsername: nonEmpty(env.OWNER_USERNAME)?.trim() ?? 'admin',
    ownerPassword: nonEmpty(env.OWNER_PASSWORD),
    sessionSecret: nonEmpty(env.SESSION_SECRET),
    openai: {
      apiKey: nonEmpty(env.OPENAI_API_KEY),
      baseUrl: nonEmpty(env.OPENAI_BASE_URL),
      model: nonEmpty(env.OPENAI_MODEL),
    },
    aiLimits: {
      perSessionPerMinute: parsePositiveInt(
        'AI_REQUESTS_PER_MINUTE',
        env.AI_REQUESTS_PER_MINUTE,
        DEFAULT_AI_REQUESTS_PER_MINUTE,
      ),
      maxConcurrent: parsePositiveInt('AI_MAX_CONCURRENT', env.AI_MAX_CONCURRENT, DEFAULT_AI_MAX_CONCURRENT),
    },
    webDistDir: path.resolve(nonEmpty(env.WEB_DIST_DIR) ?? path.join(REPO_ROOT, 'web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logRequests: parseBoolean('LOG_REQUESTS', env.LOG_REQUESTS, !inTests),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    compactThresholdBytes: Number(env.COMPACT_THRESHOLD_BYTES) || 32 * 1024 * 1024,
    revisionRetentionDays: parseRetentionDays(env.REVISION_RETENTION_DAYS),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    mail: loadMailConfig(env),
    attachments: {
      maxBytes: Math.round(positiveNumber(env, 'ATTACHMENT_MAX_MB', ATTACHMENT_MAX_BYTES_DEFAULT / MB) * MB),
      quotaBytes: Math.round(
        positiveNumber(env, 'ATTACHMENT_QUOTA_MB', ATTACHMENT_QUOTA_BYTES_DEFAULT / MB) * MB,
      ),
      gcGraceMs:
        positiveNumber(env, 'ATTACHMENT_GC_GRACE_DAYS', ATTACHMENT_GC_GRACE_DAYS_DEFAULT, true) *
        24 *
        HOUR_MS,
      gcIntervalMs: positiveNumber(env, 'ATTACHMENT_GC_INTERVAL_HOURS', 6, true) * HOUR_MS,
      maxImagePixels: Math.round(
        positiveNumber(env, 'IMAGE_MAX_MEGAPIXELS', DEFAULT_IMAGE_MAX_MEGAPIXELS) * 1_000_000,
      ),
    },
    backups: {
      dir: path.resolve(nonEmpty(env.BACKUP_DIR) ?? path.join(dataDir, 'backups')),
      keep: parsePositiveInt('BACKUP_KEEP', env.BACKUP_KEEP, 7),
      // Off in tests (like request logs): a test server must not write on a timer of its own.
      intervalMs: positiveNumber(env, 'BACKUP_INTERVAL_HOURS', inTests ? 0 : 24, true) * HOUR_MS,
    },
  };
}
