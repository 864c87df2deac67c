// The public blog API: published posts (list, search, tag), one post with its HTML, tags, view counting.
import { BlogListQuerySchema, TagSchema } from '@private-notes/shared';
import { type Request, type Response, Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseIdParam, parseQuery, parseWith } from '../http/validate.ts';
import { POST_NOT_FOUND } from '../services/blog-service.ts';
import { AnswerCache, type CachedAnswer, NO_STORE, PUBLIC_REVALIDATE, sendAnswer } from './answer-cache.ts';
import { publicFastPathFor } from './public-fast-path.ts';

const TagParamSchema = z.object({ tag: TagSchema });
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * Views are written in batches, but a loop on one post still should not inflate its count, while readers moving between posts
 * (or many readers behind one proxy address) are never held back, since the key is address and post.
 */
export const VIEW_RATE_LIMIT = { windowMs: 60 * 1000, limit: 60 };

export function createBlogRouter({ store, auth, services }: Deps): Router {
  const router = Router();
  const { blog } = services;
  const version = () => blog.contentVersion();
  const answers = new AnswerCache(version);
  const fastPath = publicFastPathFor(store);
  const viewLimit = createRateLimit({
    ...VIEW_RATE_LIMIT,
    message: 'Too many requests. Please try again later.',
    key: (req) => `${ipKeyGenerator(req.ip ?? 'unknown')} ${req.params.id}`,
    shared: { store, prefix: 'post-views' },
  });

  /**
   * A public JSON answer, built (and compressed) once per version of the blog's content; the fast path
   * replays it until that content changes. The same for everyone who may read it, owner included.
   */
  async function sendPublic(req: Request, res: Response, key: string, build: () => unknown): Promise<void> {
    const answer: CachedAnswer = answers.get(key, JSON_TYPE, PUBLIC_REVALIDATE, () =>
      JSON.stringify(build()),
    );
    await answer.prepare();
    fastPath.remember(req, res, answer, { version, anyone: true });
    await sendAnswer(req, res, answer);
  }

  router.get('/api/blog', async (req, res) => {
    const { search, tag } = parseQuery(BlogListQuerySchema, req);
    await sendPublic(req, res, `list\0${search ?? ''}\0${tag ?? ''}`, () =>
      blog.listPublishedPosts({ search, tag }),
    );
  });

  // Declared before /:id so "tags" is never read as an id.
  router.get('/api/blog/tags', async (req, res) => {
    await sendPublic(req, res, 'tags', () => blog.listTags());
  });

  router.get('/api/blog/tags/:tag', async (req, res) => {
    // Express has already URL-decoded the parameter.
    const { tag } = parseWith(TagParamSchema, req.params);
    await sendPublic(req, res, `tag\0${tag}`, () => blog.postsByTag(tag));
  });

  router.get('/api/blog/:id', async (req, res) => {
    const id = parseIdParam(req);
    if (store.get('posts', id)?.published) {
      await sendPublic(req, res, `post\0${id}`, () => blog.getPublishedPost(id));
      return;
    }
    res.set('Cache-Control', NO_STORE);
    // The owner may open a draft (admin preview); nobody else learns that it exists.
    const draft = auth.getUser(req) ? blog.getPost(id) : null;
    if (!draft) throw new HttpError(404, POST_NOT_FOUND);
    res.json(draft);
  });

  router.post('/api/blog/:id/view', viewLimit, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const views = await blog.countView(parseIdParam(req));
    if (views === null) throw new HttpError(404, POST_NOT_FOUND);
    res.json({ views });
  });

  return router;
}
