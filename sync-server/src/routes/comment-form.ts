// A post's comment form without JavaScript: a urlencoded POST /comment goes through the same rules as
// POST /api/blog/:id/comments (acceptComment: the schema's limits, the honeypot, moderation, the owner's
// alert) under the same allowance (mounted by the comments router, which owns the limiter). Sent: 303 to
// GET /comment?post=… saying it waits for moderation (POST/redirect/GET, so a reload does not post twice).
// Refused: the page answers at once, with the form filled back in; what was typed stays out of URLs and
// logs, and posting it again is harmless because nothing was stored.
import {
  CommentCreateSchema,
  type CommentForm,
  type CommentFormErrors,
  hasFormErrors,
  postPath,
  validateCommentForm,
} from '@private-notes/shared';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Deps } from '../deps.ts';
import {
  COMMENT_FORM_PATH,
  renderCommentNoPost,
  renderCommentRefused,
  renderCommentThanks,
} from '../pages/comment-answer-page.ts';
import { entryStylesheets } from '../pages/subscribe-answer-page.ts';
import { POST_NOT_FOUND } from '../services/blog-service.ts';
import { NO_STORE } from './answer-cache.ts';
import { acceptComment, COMMENT_LIMITED_MESSAGE } from './comments.ts';

export { COMMENT_FORM_PATH };

const FIELD_OF = { author: 'name', email: 'email', content: 'text' } as const;
const LABEL = { name: 'Name', email: 'Email', text: 'Comment' } as const;

let stylesheets: string[] | null = null;

function frame({ config, services }: Deps) {
  stylesheets ??= entryStylesheets(config.webDistDir);
  return { siteTitle: services.site.get().title, stylesheets };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What the form sent, as its fields (anything else, or a repeated field, counts as empty). */
function typed(req: Request): CommentForm {
  return { name: text(req.body?.author), email: text(req.body?.email), text: text(req.body?.content) };
}

/** The published post a form names, or null (bad id, unknown, draft). */
function publishedPost({ store }: Deps, raw: unknown) {
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const post = id === null ? undefined : store.get('posts', id);
  return post?.published ? post : null;
}

function send(res: Response, status: number, html: string): void {
  res.status(status).type('html').set('Cache-Control', NO_STORE).send(html);
}

function refuse(
  deps: Deps,
  req: Request,
  res: Response,
  status: number,
  errors: CommentFormErrors,
  message?: string,
): void {
  const post = publishedPost(deps, req.body?.postId);
  if (!post) {
    send(res, 404, renderCommentNoPost({ ...frame(deps), message: POST_NOT_FOUND }));
    return;
  }
  const form = typed(req);
  const html = renderCommentRefused({
    ...frame(deps),
    postId: post.id,
    postPath: postPath(post),
    form,
    errors,
    message,
  });
  send(res, status, html);
}

/** The comments' rate limit reached by the form: 429, the form filled back in. */
export function answerCommentFormLimit(deps: Deps, req: Request, res: Response): void {
  refuse(deps, req, res, 429, {}, COMMENT_LIMITED_MESSAGE);
}

export function createCommentFormRouter(deps: Deps, commentLimit: RequestHandler): Router {
  const router = Router();

  router.post(
    COMMENT_FORM_PATH,
    // 5,000 characters of comment, each up to 9 bytes once percent-encoded, and the few other fields.
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 10 }),
    commentLimit,
    async (req: Request, res: Response) => {
      res.set('Cache-Control', NO_STORE);
      const post = publishedPost(deps, req.body?.postId);
      if (!post) {
        send(res, 404, renderCommentNoPost({ ...frame(deps), message: POST_NOT_FOUND }));
        return;
      }
      const form = typed(req);
      // The spec's messages first (those the island shows), then the schema's limits, named by field.
      const errors = validateCommentForm(form);
      const input = CommentCreateSchema.safeParse({
        author: form.name,
        email: form.email,
        content: form.text,
        // Only its being filled means anything (a bot): never a reason to refuse a person's comment.
        website: text(req.body?.website).slice(0, 200),
      });
      if (!input.success) {
        for (const issue of input.error.issues) {
          const key = FIELD_OF[issue.path[0] as keyof typeof FIELD_OF];
          if (key && !errors[key]) errors[key] = `${LABEL[key]} ${issue.message}`;
        }
      }
      if (!input.success || hasFormErrors(errors)) {
        refuse(deps, req, res, 400, errors);
        return;
      }
      await acceptComment(deps, req, post.id, input.data);
      res.redirect(303, `${COMMENT_FORM_PATH}?${new URLSearchParams({ post: String(post.id) })}`);
    },
  );

  router.get(COMMENT_FORM_PATH, (req, res) => {
    const post = publishedPost(deps, req.query.post);
    if (!post) {
      res.redirect(303, '/blog');
      return;
    }
    send(res, 200, renderCommentThanks({ ...frame(deps), postPath: postPath(post) }));
  });

  return router;
}
