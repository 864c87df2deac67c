// The owner's e-mail API: transport status, verify, test mail, the Outbox, and sending a post as a
// newsletter issue (preview, test, send, progress, resume, retry uncertain).
import { NewsletterSendRequestSchema } from '@private-notes/shared';
import { type Request, Router } from 'express';
import { preparePublicVariants } from '../attachments/prepare-public-variants.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { parseBody, parseIdParam } from '../http/validate.ts';
import { describeSmtpError } from '../mail/classify-smtp-error.ts';
import { escapeHtml, renderMail } from '../mail/render-mail.ts';
import { NO_STORE } from './answer-cache.ts';

export const NO_OWNER_EMAIL = 'Set your e-mail address in Settings › Profile first';

/** The origin the request came to (honours X-Forwarded-* when TRUST_PROXY is set). */
export function createMailRouter({ auth, services, siteOrigin }: Deps): Router {
  const router = Router();
  const { mail, settings, blog } = services;
  const ownerEmail = (req: Request) => settings.get(auth.getUser(req)!.id).ownerEmail;

  for (const prefix of [
    '/api/admin/mail',
    '/api/admin/blog/:id/newsletter',
    '/api/admin/blog/:id/publish-and-send',
  ])
    router.use(prefix, auth.requireUser, (_req, res, next) => {
      res.set('Cache-Control', NO_STORE);
      next();
    });

  router.get('/api/admin/mail/status', (req, res) => {
    res.json(mail.service.status(ownerEmail(req)));
  });

  router.post('/api/admin/mail/verify', async (_req, res) => {
    try {
      res.json({ message: await mail.service.transport.verify() });
    } catch (error) {
      res.status(502).json({ message: `Could not use the SMTP server: ${describeSmtpError(error)}` });
    }
  });

  router.post('/api/admin/mail/test', async (req, res) => {
    const to = ownerEmail(req);
    if (!to) throw new HttpError(400, NO_OWNER_EMAIL);
    const siteName = services.site.get().title;
    const { html, text } = await renderMail({
      siteName,
      heading: 'Test e-mail',
      bodyHtml: `<p>This is a test from ${escapeHtml(siteName)}. If you can read it, e-mail works.</p><p>Sent with: ${mail.service.transport.description}</p>`,
      footerHtml: 'You asked for this mail with “Send a test e-mail”.',
    });
    try {
      await mail.service.send({ to, subject: `Test e-mail from ${siteName}`, html, text }, 'test', {
        keep: true,
      });
    } catch (error) {
      throw new HttpError(502, `The test e-mail was not sent: ${describeSmtpError(error)}`);
    }
    res.json({
      message: mail.service.capturing
        ? `Test e-mail to ${to} captured in the Outbox`
        : `Test e-mail sent to ${to}`,
    });
  });

  router.get('/api/admin/mail/outbox', (_req, res) => {
    res.json({ messages: mail.service.listOutbox() });
  });

  router.get('/api/admin/mail/outbox/:id', async (req, res) => {
    res.json(await mail.service.outboxMessage(String(req.params.id)));
  });

  router.get('/api/admin/mail/outbox/:id/eml', async (req, res) => {
    const { record, raw } = await mail.service.rawMessage(String(req.params.id));
    res.set('Content-Type', 'message/rfc822');
    res.set('Content-Disposition', `attachment; filename="message-${record.id}.eml"`);
    res.send(raw);
  });

  router.get('/api/admin/blog/:id/newsletter/preview', async (req, res) => {
    const id = parseIdParam(req);
    res.json(await mail.newsletter.preview(id, mail.service.requirePublicUrl(siteOrigin.of(req))));
  });

  router.post('/api/admin/blog/:id/newsletter/test', async (req, res) => {
    const id = parseIdParam(req);
    const to = ownerEmail(req);
    if (!to) throw new HttpError(400, NO_OWNER_EMAIL);
    try {
      await mail.newsletter.sendTest(id, to, mail.service.requirePublicUrl(siteOrigin.of(req)));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(502, `The test was not sent: ${describeSmtpError(error)}`);
    }
    res.json({
      message: mail.service.capturing ? `Test captured in the Outbox for ${to}` : `Test sent to ${to}`,
    });
  });

  router.get('/api/admin/blog/:id/newsletter', (req, res) => {
    res.json(mail.newsletter.get(parseIdParam(req)));
  });

  router.post('/api/admin/blog/:id/newsletter', async (req, res) => {
    const id = parseIdParam(req);
    const { recipients } = parseBody(NewsletterSendRequestSchema, req);
    const publicUrl = mail.service.requirePublicUrl(siteOrigin.of(req));
    res.status(202).json(await mail.newsletter.start(id, recipients, publicUrl));
  });

  router.post('/api/admin/blog/:id/publish-and-send', async (req, res) => {
    const id = parseIdParam(req);
    const { recipients } = parseBody(NewsletterSendRequestSchema, req);
    const publicUrl = mail.service.requirePublicUrl(siteOrigin.of(req));
    // Everything that could refuse the send is checked before the post goes public.
    mail.newsletter.assertCanStart(id, recipients, { draftAllowed: true });
    if (!blog.getPost(id)?.published)
      preparePublicVariants(
        await blog.updatePost(id, { published: true }),
        services.attachments,
        services.imageVariants,
      );
    res.status(202).json(await mail.newsletter.start(id, recipients, publicUrl));
  });

  router.post('/api/admin/blog/:id/newsletter/resume', async (req, res) => {
    res.json(await mail.newsletter.resume(parseIdParam(req)));
  });

  router.post('/api/admin/blog/:id/newsletter/retry-uncertain', async (req, res) => {
    res.json(await mail.newsletter.retryUncertain(parseIdParam(req)));
  });

  return router;
}
