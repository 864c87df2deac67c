// Rate limiting for public write endpoints (login, comments, subscriptions): 429 `{message}` when exceeded.
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Store } from '../storage/index.ts';

export interface RateLimitOptions {
  windowMs: number;
  limit: number;
  /** The 429 answer's message. */
  message: string;
  /** Defaults to the client IP (IPv6 grouped by /56). Return another key to limit e.g. per username. */
  key?: (req: Request) => string;
  /** Count only failed requests (status >= 400), e.g. for login. */
  skipSuccessfulRequests?: boolean;
  /** Where the counters live: in this process, or (PostgreSQL) shared by every instance. Unique per limiter. */
  shared?: { store: Store; prefix: string };
  /** Another answer than 429 JSON when exceeded (a form post without JavaScript gets a page). */
  onLimit?: (req: Request, res: Response) => void;
}

/**
 * Each call makes an independent limiter: with the embedded store its counters are in memory (so each app
 * or test starts fresh); with PostgreSQL they are in the database, shared by every instance.
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    keyGenerator: options.key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
    store: options.shared?.store.rateLimitStore(options.shared.prefix),
    handler: (req, res) => {
      if (options.onLimit) options.onLimit(req, res);
      else res.status(429).json({ message: options.message });
    },
  });
}
