// The owner's blog API: every post including drafts, create, edit or publish/unpublish, delete. A post
// scheduled with the newsletter fixes the origin of the links when it is scheduled.
import { type BlogPost, BlogPostCreateSchema, BlogPostUpdateSchema } from '@private-notes/shared';
import { type Request, Router } from 'express';
import { preparePublicVariants } from '../attachments/prepare-public-variants.ts';
import type { Deps } from '../deps.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';
import { NO_STORE } from './answer-cache.ts';

export function createAdminBlogRouter({ auth, services, siteOrigin }: Deps): Router {
  const router = Router();
  const { blog } = services;
  // Asked only when the newsletter is wanted: refuses (409) when no mail could carry working links.
  const saveOptions = (req: Request) => ({
    newsletterUrl: () => services.mail.service.requirePublicUrl(siteOrigin.of(req)),
  });
  const prepare = (post: BlogPost) =>
    preparePublicVariants(post, services.attachments, services.imageVariants);
  router.use('/api/admin/blog', auth.requireUser, (_req, res, next) => {
    res.set('Cache-Control', NO_STORE);
    next();
  });

  router.get('/api/admin/blog', (_req, res) => {
    res.json(blog.listAllPosts());
  });

  router.post('/api/admin/blog', async (req, res) => {
    const input = parseBody(BlogPostCreateSchema, req);
    const post = await blog.createPost(input, auth.getUser(req)!.id, new Date(), saveOptions(req));
    res.status(201).json(post);
    prepare(post);
  });

  router.put('/api/admin/blog/:id', async (req, res) => {
    const id = parseIdParam(req);
    const input = parseBody(BlogPostUpdateSchema, req);
    const post = await blog.updatePost(id, input, new Date(), saveOptions(req));
    res.json(post);
    prepare(post);
  });

  router.delete('/api/admin/blog/:id', async (req, res) => {
    await blog.deletePost(parseIdParam(req));
    res.status(204).end();
  });

  return router;
}
