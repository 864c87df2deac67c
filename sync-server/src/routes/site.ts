// Settings › Site: visitors (and server rendering) read the site's identity with its author; the owner
// replaces it. Public answers are cached with the blog's content, which includes the site and the Profile.
// The web app manifest is written here from the site's title, so installing the app names it after the site,
// and the site's icon is served at the sizes the head and the manifest name (/site-icon/{size}.png).
import {
  PWA_MANIFEST_FILE,
  SITE_ICON_SIZES,
  SITE_MASKABLE_ICON_PATH,
  SiteSettingsSchema,
  webManifest,
} from '@private-notes/shared';
import { Router } from 'express';
import { SiteIcons } from '../attachments/site-icons.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseBody } from '../http/validate.ts';
import { AnswerCache, NO_STORE, PUBLIC_REVALIDATE, sendAnswer } from './answer-cache.ts';
import { publicFastPathFor } from './public-fast-path.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** Revalidated on every use (ETag): a new icon shows on the next visit, an unchanged one costs a 304. */
const ICON_CACHE = 'public, no-cache';

export function createSiteRouter({ store, auth, services, config }: Deps): Router {
  const router = Router();
  const { site, blog } = services;
  const version = () => blog.contentVersion();
  const answers = new AnswerCache(version, 2);
  const fastPath = publicFastPathFor(store);

  router.get('/api/site', async (req, res) => {
    const answer = answers.get('site', JSON_TYPE, PUBLIC_REVALIDATE, () => JSON.stringify(site.publicSite()));
    await answer.prepare();
    fastPath.remember(req, res, answer, { version, anyone: true });
    await sendAnswer(req, res, answer);
  });

  router.get(`/${PWA_MANIFEST_FILE}`, async (req, res) => {
    const answer = answers.get('manifest', MANIFEST_TYPE, PUBLIC_REVALIDATE, () =>
      JSON.stringify(webManifest(site.get())),
    );
    await answer.prepare();
    fastPath.remember(req, res, answer, { version, anyone: true });
    await sendAnswer(req, res, answer);
  });

  const icons = new SiteIcons(store, services.attachments, services.imageVariants, config.webDistDir);
  router.get('/site-icon/:file', async (req, res) => {
    const size = SITE_ICON_SIZES.find((s) => req.params.file === `${s}.png`);
    const icon =
      `/site-icon/${req.params.file}` === SITE_MASKABLE_ICON_PATH
        ? await icons.maskable()
        : size
          ? await icons.get(size)
          : null;
    if (!icon) throw new HttpError(404, 'Not found');
    res.set('Cache-Control', ICON_CACHE);
    if ('bytes' in icon) {
      res.type('png').send(icon.bytes);
      return;
    }
    await new Promise<void>((resolve, reject) =>
      // dotfiles: the path is the server's own, and DATA_DIR or the build may sit under a dotted folder.
      res.sendFile(
        icon.file,
        { headers: { 'Cache-Control': ICON_CACHE }, cacheControl: false, dotfiles: 'allow' },
        (error) => (error && !res.headersSent ? reject(error) : resolve()),
      ),
    );
  });

  router.get('/api/admin/site', auth.requireUser, (_req, res) => {
    res.set('Cache-Control', NO_STORE);
    res.json(site.get());
  });

  router.put('/api/admin/site', auth.requireUser, async (req, res) => {
    res.set('Cache-Control', NO_STORE);
    res.json(await site.put(parseBody(SiteSettingsSchema, req)));
  });

  return router;
}
