// The newsletter API: subscribe (double opt-in: a confirmation mail) and unsubscribe (by address or by the
// signed token of a mail) for visitors, answering alike whether or not an address is known; the owner's
// list and active switch. The blog's sign-up form also posts here without JavaScript (POST /subscribe,
// urlencoded): the same rules and the same allowance, answered by a redirect to a small page saying how it
// went (POST/redirect/GET, so a reload does not post again).
import {
  SUBSCRIBE_MESSAGE,
  SubscriberUpdateSchema,
  SubscribeSchema,
  UNSUBSCRIBE_LINK_EXPIRED_MESSAGE,
  UnsubscribeSchema,
} from '@private-notes/shared';
import express, { type Request, type Response, Router } from 'express';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';
import {
  entryStylesheets,
  renderSubscribeAnswer,
  SUBSCRIBE_RESULTS,
  type SubscribeResult,
  safeBackPath,
} from '../pages/subscribe-answer-page.ts';
import { AnswerCache, NO_STORE, sendAnswer } from './answer-cache.ts';

export const SUBSCRIBE_RATE_LIMIT = { windowMs: 60 * 60 * 1000, limit: 10 };
export const UNSUBSCRIBE_RATE_LIMIT = { windowMs: 60 * 60 * 1000, limit: 20 };
export const SUBSCRIBED_MESSAGE = SUBSCRIBE_MESSAGE;
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed';

/** The newsletter form's own address: posted without JavaScript, and the page answering it. */
export const SUBSCRIBE_FORM_PATH = '/subscribe';

function answerPath(result: SubscribeResult, back: string): string {
  return `${SUBSCRIBE_FORM_PATH}?${new URLSearchParams({ result, back })}`;
}

export function createSubscribersRouter({ auth, config, services, store, siteOrigin }: Deps): Router {
  const router = Router();
  const { subscribers } = services;
  // With 10,000 subscribers the owner's list is ~1.8 MB of JSON: sorted, serialised and compressed once per
  // change of the subscribers (not on a note or blog write) rather than on every visit. Private: one entry,
  // no-store, never replayed by the public fast path.
  const listAnswers = new AnswerCache(() => store.versionOf(['subscribers']), 1);
  // One allowance for both ways of subscribing; the form gets its answer as a page.
  const subscribeLimit = createRateLimit({
    ...SUBSCRIBE_RATE_LIMIT,
    message: 'Too many subscription requests from this address. Please try again later.',
    shared: { store, prefix: 'subscribe' },
    onLimit: (req, res) => {
      res.set('Cache-Control', NO_STORE);
      if (req.path === SUBSCRIBE_FORM_PATH)
        res.redirect(303, answerPath('limited', safeBackPath(req.body?.back)));
      else
        res
          .status(429)
          .json({ message: 'Too many subscription requests from this address. Please try again later.' });
    },
  });
  let stylesheets: string[] | null = null;
  const unsubscribeLimit = createRateLimit({
    ...UNSUBSCRIBE_RATE_LIMIT,
    message: 'Too many requests from this address. Please try again later.',
    shared: { store, prefix: 'unsubscribe' },
  });

  router.post('/api/subscribe', subscribeLimit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    // New, pending, active and unsubscribed addresses get the same status and text, and the mail goes out
    // after the answer, so neither the answer nor its timing tells who is subscribed.
    const { subscriber, confirmToken } = await subscribers.subscribe(parseBody(SubscribeSchema, req));
    res.status(200).json({ message: SUBSCRIBED_MESSAGE });
    if (confirmToken) void services.mail.sendConfirmation(subscriber, confirmToken, siteOrigin.of(req));
  });

  router.post(
    SUBSCRIBE_FORM_PATH,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    subscribeLimit,
    async (req: Request, res: Response) => {
      res.set('Cache-Control', NO_STORE);
      const back = safeBackPath(req.body?.back);
      const input = SubscribeSchema.safeParse({ email: req.body?.email });
      if (!input.success) {
        res.redirect(303, answerPath('invalid', back));
        return;
      }
      const { subscriber, confirmToken } = await subscribers.subscribe(input.data);
      res.redirect(303, answerPath('sent', back));
      if (confirmToken) void services.mail.sendConfirmation(subscriber, confirmToken, siteOrigin.of(req));
    },
  );

  router.get(SUBSCRIBE_FORM_PATH, (req, res) => {
    const result = SUBSCRIBE_RESULTS.find((r) => r === req.query.result);
    const back = safeBackPath(req.query.back);
    if (!result) {
      res.redirect(303, back);
      return;
    }
    stylesheets ??= entryStylesheets(config.webDistDir);
    res
      .status(200)
      .type('html')
      .set('Cache-Control', NO_STORE)
      .send(renderSubscribeAnswer({ result, back, siteTitle: services.site.get().title, stylesheets }));
  });

  router.post('/api/unsubscribe', unsubscribeLimit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const { email, token } = parseBody(UnsubscribeSchema, req);
    if (token !== undefined) {
      if ((await services.mail.unsubscribeByToken(token)) === 'expired')
        throw new HttpError(410, UNSUBSCRIBE_LINK_EXPIRED_MESSAGE);
    } else if (email !== undefined) await services.mail.unsubscribeByAddress(email, siteOrigin.of(req));
    res.json({ message: UNSUBSCRIBED_MESSAGE });
  });

  router.use('/api/admin/subscribers', auth.requireUser, (_req, res, next) => {
    res.set('Cache-Control', NO_STORE);
    next();
  });

  router.get('/api/admin/subscribers', async (req, res) => {
    const answer = listAnswers.get('list', 'application/json; charset=utf-8', NO_STORE, () =>
      JSON.stringify(subscribers.list()),
    );
    await sendAnswer(req, res, answer);
  });

  router.put('/api/admin/subscribers/:id', async (req, res) => {
    const id = parseIdParam(req);
    const { active } = parseBody(SubscriberUpdateSchema, req);
    res.json(await subscribers.setActive(id, active));
  });

  return router;
}
