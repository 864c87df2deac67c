// The visitor's side of e-mail: confirming a subscription from the confirmation page, and RFC 8058
// one-click unsubscribe. One-click is mounted BEFORE the Origin check: a mail provider POSTs it from its
// own servers with no cookie and no Origin of ours; the signed token is the only credential it needs.
// The confirmation page's form also posts to its own address without JavaScript (a urlencoded `token`): the
// same rules and the same rate limit, answered by a redirect to the page showing the result (POST/redirect/GET,
// so a reload does not post again).
import {
  CONFIRM_INVALID_MESSAGE,
  CONFIRMED_MESSAGE,
  MAIL_PAGES,
  MailTokenBodySchema,
  MailTokenSchema,
} from '@private-notes/shared';
import express, { Router } from 'express';
import type { Deps } from '../deps.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody } from '../http/validate.ts';
import { NO_STORE } from './answer-cache.ts';
import { UNSUBSCRIBED_MESSAGE } from './subscribers.ts';

export const CONFIRM_RATE_LIMIT = { windowMs: 60 * 60 * 1000, limit: 30 };
// Generous: a mail provider posts one-clicks for many readers from a few addresses.
export const ONE_CLICK_RATE_LIMIT = { windowMs: 60 * 1000, limit: 600 };

/** POST /api/unsubscribe/one-click?token=… — always 200, idempotent, nothing to learn from the answer. */
export function createOneClickRouter({ services }: Deps): Router {
  const router = Router();
  const limit = createRateLimit({
    ...ONE_CLICK_RATE_LIMIT,
    message: 'Too many requests. Please try again later.',
  });
  router.post('/api/unsubscribe/one-click', limit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const token = MailTokenSchema.safeParse(req.query.token);
    if (token.success) await services.mail.unsubscribeByToken(token.data);
    res.status(200).json({ message: UNSUBSCRIBED_MESSAGE });
  });
  return router;
}

/** Where the form post without JavaScript lands: the confirmation page, saying how it went. */
export function confirmResultPath(result: 'confirmed' | 'invalid' | 'limited', token?: string): string {
  const search = new URLSearchParams({ ...(token ? { token } : {}), result });
  return `${MAIL_PAGES.confirm}?${search}`;
}

export function createConfirmRouter({ services }: Deps): Router {
  const router = Router();
  const message = 'Too many requests. Please try again later.';
  // One allowance for both ways of confirming; the form gets its answer as a page.
  const limit = createRateLimit({
    ...CONFIRM_RATE_LIMIT,
    message,
    onLimit: (req, res) => {
      res.set('Cache-Control', NO_STORE);
      if (req.path !== MAIL_PAGES.confirm) {
        res.status(429).json({ message });
        return;
      }
      const token = MailTokenSchema.safeParse(req.body?.token);
      res.redirect(303, confirmResultPath('limited', token.data));
    },
  });
  router.post('/api/subscribe/confirm', limit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const { token } = parseBody(MailTokenBodySchema, req);
    if (await services.subscribers.confirm(token)) res.json({ message: CONFIRMED_MESSAGE });
    else res.status(400).json({ message: CONFIRM_INVALID_MESSAGE });
  });
  router.post(
    MAIL_PAGES.confirm,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    limit,
    async (req, res) => {
      res.set('Cache-Control', NO_STORE);
      const token = MailTokenSchema.safeParse(req.body?.token);
      const confirmed = token.success && (await services.subscribers.confirm(token.data));
      res.redirect(303, confirmResultPath(confirmed ? 'confirmed' : 'invalid'));
    },
  );
  return router;
}
