// The public blog API: published posts (list, search, tag), one post with its HTML, tags, view counting.
import { BlogListQuerySchema, TagSchema } from '@private-notes/shared';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../app.ts';
import { HttpError } from '../http/http-error.ts';
import { parseIdParam, parseQuery, parseWith } from '../http/validate.ts';
import { POST_NOT_FOUND } from '../services/blog-service.ts';
import { AnswerCache, NO_STORE, PUBLIC_REVALIDATE, sendAnswer } from './answer-cache.ts';

const TagParamSchema = z.object({ tag: TagSchema });

export function createBlogRouter({ store, auth, services }: Deps): Router {
  const router = Router();
  const { blog } = services;
  const answers = new AnswerCache(store);

  router.get('/api/blog', (req, res) => {
    const { search, tag } = parseQuery(BlogListQuerySchema, req);
    const answer = answers.get(`list\0${search ?? ''}\0${tag ?? ''}`, () =>
      JSON.stringify(blog.listPublishedPosts({ search, tag })),
    );
    sendAnswer(res, answer, 'application/json', PUBLIC_REVALIDATE);
  });

  // Declared before /:id so "tags" is never read as an id.
  router.get('/api/blog/tags', (_req, res) => {
    sendAnswer(
      res,
      answers.get('tags', () => JSON.stringify(blog.listTags())),
      'application/json',
      PUBLIC_REVALIDATE,
    );
  });

  router.get('/api/blog/tags/:tag', (req, res) => {
    // Express has already URL-decoded the parameter.
    const { tag } = parseWith(TagParamSchema, req.params);
    const answer = answers.get(`tag\0${tag}`, () => JSON.stringify(blog.postsByTag(tag)));
    sendAnswer(res, answer, 'application/json', PUBLIC_REVALIDATE);
  });

  router.get('/api/blog/:id', (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const id = parseIdParam(req);
    if (store.get('posts', id)?.published) {
      const answer = answers.get(`post\0${id}`, () => JSON.stringify(blog.getPublishedPost(id)));
      sendAnswer(res, answer, 'application/json', PUBLIC_REVALIDATE);
      return;
    }
    // The owner may open a draft (admin preview); nobody else learns that it exists.
    const draft = auth.getUser(req) ? blog.getPost(id) : null;
    if (!draft) throw new HttpError(404, POST_NOT_FOUND);
    res.json(draft);
  });

  router.post('/api/blog/:id/view', async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    const views = await blog.countView(parseIdParam(req));
    if (views === null) throw new HttpError(404, POST_NOT_FOUND);
    res.json({ views });
  });

  return router;
}
