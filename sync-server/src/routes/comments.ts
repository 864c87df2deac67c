// The comments API: visitors read approved comments and post into moderation (honeypot, per-IP limits);
// the owner reads every comment with e-mails and report flags, approves and deletes. The post page's form
// also posts without JavaScript (comment-form.ts): same rules, same allowance, answered with a page.
import { ApproveAuthorSchema, type Comment, CommentCreateSchema } from '@private-notes/shared';
import { type Request, Router } from 'express';
import type { Deps } from '../deps.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';
import { COMMENT_FORM_PATH } from '../pages/comment-answer-page.ts';
import type { CommentCreateInput } from '../services/comment-service.ts';
import { NO_STORE } from './answer-cache.ts';
import { answerCommentFormLimit, createCommentFormRouter } from './comment-form.ts';

export const COMMENT_RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 10 };
export const REPORT_RATE_LIMIT = { windowMs: 15 * 60 * 1000, limit: 20 };
export const COMMENT_REPORTED = 'Comment reported';

export const COMMENT_LIMITED_MESSAGE = 'Too many comments from this address. Please try again later.';

/**
 * A visitor's comment, validated, into moderation; both ways of posting come here. Only bots fill the
 * hidden "website" field: they get the usual answer and nothing is stored. The owner's alert goes out now
 * if one is due (grouped, at most one per 10 minutes; see CommentAlerts).
 */
export async function acceptComment(
  { services, siteOrigin }: Deps,
  req: Request,
  postId: number,
  input: CommentCreateInput,
): Promise<Comment> {
  if (input.website?.trim()) return services.comments.decoy(postId, input);
  const created = await services.comments.create(postId, input);
  void services.mail.alerts.check(new Date(), siteOrigin.of(req));
  return created;
}

export function createCommentsRouter(deps: Deps): Router {
  const { auth, services, store } = deps;
  const router = Router();
  const { comments } = services;
  // One allowance for both ways of commenting; the form gets its answer as a page.
  const commentLimit = createRateLimit({
    ...COMMENT_RATE_LIMIT,
    message: COMMENT_LIMITED_MESSAGE,
    shared: { store, prefix: 'comments' },
    onLimit: (req, res) => {
      res.set('Cache-Control', NO_STORE);
      if (req.path === COMMENT_FORM_PATH) answerCommentFormLimit(deps, req, res);
      else res.status(429).json({ message: COMMENT_LIMITED_MESSAGE });
    },
  });
  const reportLimit = createRateLimit({
    ...REPORT_RATE_LIMIT,
    message: 'Too many reports from this address. Please try again later.',
    shared: { store, prefix: 'comment-reports' },
  });

  router.get('/api/blog/:id/comments', (req, res) => {
    const owner = auth.getUser(req) !== null;
    // Never cached: the owner's answer holds e-mails, and visitors should see an approval at once.
    res.set('Cache-Control', NO_STORE);
    res.json(comments.listForPost(parseIdParam(req), { owner }));
  });

  router.post('/api/blog/:id/comments', commentLimit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const postId = parseIdParam(req);
    const input = parseBody(CommentCreateSchema, req);
    res.status(201).json(await acceptComment(deps, req, postId, input));
  });

  router.use(createCommentFormRouter(deps, commentLimit));

  // The moderation queue (Blog Admin › Comments): what waits, across posts, and approving an author at once.
  router.get('/api/admin/comments/pending', auth.requireUser, (_req, res) => {
    res.set('Cache-Control', NO_STORE);
    res.json(comments.listPending());
  });

  router.post('/api/admin/comments/approve-author', auth.requireUser, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const { email } = parseBody(ApproveAuthorSchema, req);
    res.json({ approved: await comments.approveAllFrom(email) });
  });

  router.put('/api/comments/:id/approve', auth.requireUser, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    res.json(await comments.approve(parseIdParam(req)));
  });

  router.delete('/api/comments/:id', auth.requireUser, async (req, res) => {
    await comments.remove(parseIdParam(req));
    res.status(204).end();
  });

  router.post('/api/comments/:id/report', reportLimit, async (req, res) => {
    await comments.report(parseIdParam(req));
    res.json({ message: COMMENT_REPORTED });
  });

  return router;
}
