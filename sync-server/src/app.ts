// Builds the Express app (no listening): storage, services, middleware, and the routers of every area.
import type { Server } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import { LIVE_PATH } from '@private-notes/shared';
import compression from 'compression';
import express, { type Express } from 'express';
import { createAiProvider, describeAiProvider } from './ai/create-ai-provider.ts';
import { limitAiConcurrency } from './ai/limit-ai-provider.ts';
import { installAttachmentFastPath } from './attachments/attachment-fast-path.ts';
import { AttachmentFiles } from './attachments/attachment-files.ts';
import { startAttachmentGc } from './attachments/attachment-gc.ts';
import { AttachmentService } from './attachments/attachment-service.ts';
import { createAttachmentsRouter } from './attachments/attachments-router.ts';
import { ImageVariants } from './attachments/image-variants.ts';
import { VariantMemory } from './attachments/variant-memory.ts';
import { createAuth } from './auth/auth.ts';
import { ChallengeCookies } from './auth/challenge-cookie.ts';
import { ownerStartMessage } from './auth/owner-start-message.ts';
import { SessionService } from './auth/session-service.ts';
import { SignInGuard } from './auth/sign-in-guard.ts';
import { BackupService } from './backup/backup-service.ts';
import type { Config } from './config.ts';
import type { Deps, Services } from './deps.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { jsonBody, NOTE_BODY_PATHS, rejectLongNotes } from './http/json-body.ts';
import { originCheck } from './http/origin-check.ts';
import { createServerLog, type LogDestination, RequestLog } from './http/request-logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import { SiteOrigin } from './http/site-origin.ts';
import { HistoryUpkeep } from './jobs/history-upkeep.ts';
import { registerScheduledPublication } from './jobs/scheduled-publication.ts';
import { LiveHub } from './live/live-hub.ts';
import { createLiveRouter } from './live/live-router.ts';
import { MailModule } from './mail/mail-module.ts';
import { mountWebApp, type WarmUpPages } from './pages/web-app.ts';
import { createAdminBlogRouter } from './routes/admin-blog.ts';
import { createAiRouter } from './routes/ai.ts';
import { answeredFromCache } from './routes/answer-cache.ts';
import { createAuthRouter } from './routes/auth.ts';
import { createBackupRouter } from './routes/backup.ts';
import { createBlogRouter } from './routes/blog.ts';
import { createCardsRouter } from './routes/cards.ts';
import { createCommentsRouter } from './routes/comments.ts';
import { createFeedsRouter } from './routes/feeds.ts';
import { createMailRouter } from './routes/mail.ts';
import { createConfirmRouter, createOneClickRouter } from './routes/mail-public.ts';
import { createNotesRouter } from './routes/notes.ts';
import { createPasskeysRouter } from './routes/passkeys.ts';
import { installPublicFastPath, publicFastPathFor } from './routes/public-fast-path.ts';
import { createReviewsRouter } from './routes/reviews.ts';
import { createRevisionsRouter } from './routes/revisions.ts';
import { createSessionsRouter } from './routes/sessions.ts';
import { createSettingsRouter } from './routes/settings.ts';
import { createSiteRouter } from './routes/site.ts';
import { createSubscribersRouter } from './routes/subscribers.ts';
import { createTotpRouter } from './routes/totp.ts';
import { createTrashRouter } from './routes/trash.ts';
import { BlogService } from './services/blog-service.ts';
import { CommentService } from './services/comment-service.ts';
import { ExplanationService } from './services/explanation-service.ts';
import { NoteBatchService } from './services/note-batch-service.ts';
import { NoteService } from './services/note-service.ts';
import { PasskeyService } from './services/passkey-service.ts';
import { RevisionService } from './services/revision-service.ts';
import { SettingsService } from './services/settings-service.ts';
import { SiteService } from './services/site-service.ts';
import { SubscriberService } from './services/subscriber-service.ts';
import { TrashService } from './services/trash-service.ts';
import { TwoFactorService } from './services/two-factor-service.ts';
import { UserService } from './services/user-service.ts';
import { openStore, type Store } from './storage/index.ts';
import { keepDataPrivate } from './storage/private-files.ts';
import { createVaultRouter } from './vault/vault-router.ts';

export interface AppHandle {
  app: Express;
  store: Store;
  services: Services;
  deps: Deps;
  /** Flushes and closes the store. Call after the HTTP server has stopped accepting requests. */
  close(): Promise<void>;
  /** Renders the owner's first page once, so the first visitor after a start does not wait for the renderer. */
  warmUp: WarmUpPages;
  /** The devices' live channels (GET /api/live). */
  live: LiveHub;
}

export interface AppOptions {
  /** Where log lines go (tests capture them); standard output, asynchronously, by default. */
  logDestination?: LogDestination;
  /** The live channels' heartbeat (LIVE_HEARTBEAT_MS by default; tests shorten it). */
  liveHeartbeatMs?: number;
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<AppHandle> {
  await keepDataPrivate(config.dataDir, config.backups.dir);
  const store = await openStore(config);
  const attachmentFiles = new AttachmentFiles(config.dataDir);
  await attachmentFiles.init();
  const secret = await SessionService.secretFor(store, config.sessionSecret);
  const sessions = new SessionService(store, secret);
  const provider = createAiProvider(config.openai);
  const settings = new SettingsService(store);
  const blog = new BlogService(store);
  const subscribers = new SubscriberService(store);
  const site = new SiteService(store, settings);
  const mail = await MailModule.create({
    store,
    config: config.mail,
    dataDir: config.dataDir,
    blog,
    settings,
    subscribers,
  });
  // Before mail.start() starts the runner: scheduled posts whose time came while stopped publish at start.
  registerScheduledPublication(mail.jobs, blog, mail.newsletter);
  const revisions = new RevisionService(store, config.revisionRetentionDays);
  const trash = new TrashService(store);
  const services: Services = {
    users: new UserService(store),
    sessions,
    signInGuard: new SignInGuard(store, secret),
    twoFactor: new TwoFactorService(store),
    passkeys: new PasskeyService(store),
    passkeyChallenges: new ChallengeCookies(secret),
    notes: new NoteService(store),
    noteBatch: new NoteBatchService(store),
    revisions,
    trash,
    historyUpkeep: new HistoryUpkeep(store, mail.jobs, revisions, trash),
    settings,
    site,
    blog,
    comments: new CommentService(store),
    subscribers,
    // A model is a shared, slow resource: cap the calls running at once (the local algorithms need no cap).
    ai: provider.kind === 'local' ? provider : limitAiConcurrency(provider, config.aiLimits.maxConcurrent),
    explanations: new ExplanationService(store),
    mail,
    attachments: new AttachmentService(store, attachmentFiles, config.attachments),
    imageVariants: new ImageVariants(attachmentFiles, config.attachments.maxImagePixels),
    // Registers its job kind on the runner before mail.start() starts the runner.
    backups: new BackupService({
      store,
      dataDir: config.dataDir,
      config: config.backups,
      jobs: mail.jobs,
      flushViews: () => blog.flushViews(),
    }),
  };
  if (config.logRequests) {
    console.log(describeAiProvider(services.ai, config.openai));
    console.log(`E-mail: ${mail.service.transport.description}`);
  }
  const owner = await services.users.ensureOwner(config.ownerUsername, config.ownerPassword);
  console.log(ownerStartMessage(owner, config.ownerUsername, store.all('users')[0]?.username ?? null));
  await sessions.purgeExpired();
  // Revisions past their retention, thinning and the Trash's purge: hourly, on the job runner (started below
  // with the mail module's); answers never show expired revisions or notes even between runs.
  await services.historyUpkeep.ensureScheduled();

  // Without PUBLIC_URL the site's address is the one the owner signs in at (http/site-origin.ts); links
  // replayed with another one are dropped when it changes.
  const siteOrigin = new SiteOrigin(config.mail.publicUrl, store);
  siteOrigin.onChange(() => publicFastPathFor(store).clear());
  const auth = createAuth(store, sessions, (req) => siteOrigin.learnFrom(req, true));
  const deps: Deps = { config, store, auth, services, siteOrigin };

  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders({ behindProxy: config.trustProxy !== false }));
  // Cached answers carry their own compressed forms, made once; everything else is compressed on the fly, with
  // brotli at quality 2 (the middleware's default is 4): a changes-feed page of 1,000 real notes (2.5 MB of JSON)
  // compresses 3 times faster for 10 % more bytes (docs/decisions/realistic-bench-corpus.md). The live channel is
  // never compressed: the middleware would hold its small events back.
  app.use(
    compression({
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
      filter: (req, res) => req.path !== LIVE_PATH && !answeredFromCache(res) && compression.filter(req, res),
    }),
  );
  app.use(createOneClickRouter(deps)); // RFC 8058: the one cross-origin write accepted (see the file)
  app.use(originCheck(config.allowedOrigins));
  app.use(auth.loadSession);
  app.use((req, _res, next) => {
    if (auth.getUser(req) !== null) void siteOrigin.learnFrom(req, false);
    next();
  });
  app.use(jsonBody(auth));
  app.use(NOTE_BODY_PATHS, rejectLongNotes);

  // ── Routers ─────────────────────────────────────────────────────────────────────────────────────────
  // One line per area. Each router declares full paths (`/api/...`) and gets `deps`.
  const live = new LiveHub(store, { heartbeatMs: options.liveHeartbeatMs });
  app.use(createLiveRouter({ auth, hub: live }));
  app.use(createAuthRouter(deps));
  app.use(createPasskeysRouter(deps));
  app.use(createTotpRouter(deps));
  app.use(createSessionsRouter(deps));
  app.use(createSettingsRouter(deps));
  app.use(createVaultRouter(deps));
  app.use(createSiteRouter(deps));
  app.use(createAiRouter(deps)); // before notes: /api/notes/suggest-tags etc. are not note ids
  app.use(createRevisionsRouter(deps)); // before notes, which guards /api/notes/* itself
  app.use(createNotesRouter(deps));
  app.use(createTrashRouter(deps));
  app.use(createReviewsRouter(deps));
  app.use(createCardsRouter(deps));
  app.use(createBlogRouter(deps));
  app.use(createAdminBlogRouter(deps));
  app.use(createCommentsRouter(deps));
  app.use(createSubscribersRouter(deps));
  app.use(createBackupRouter(deps));
  app.use(createConfirmRouter(deps));
  app.use(createMailRouter(deps));
  app.use(createFeedsRouter(deps));
  const variantMemory = new VariantMemory();
  // Installed before the public fast path, which wraps it: replayed image variants are logged like the rest.
  installAttachmentFastPath(app, services.attachments, variantMemory);
  app.use(
    createAttachmentsRouter({
      ...deps,
      attachments: services.attachments,
      variants: services.imageVariants,
      memory: variantMemory,
    }),
  );
  // ────────────────────────────────────────────────────────────────────────────────────────────────────

  app.use('/api', apiNotFound);
  const warmUp = mountWebApp(app, deps);
  app.use(errorHandler);

  // Unreferenced attachments are removed after their grace period (every instance may run it: idempotent).
  const stopGc =
    config.attachments.gcIntervalMs > 0
      ? startAttachmentGc(store, services.attachments, {
          intervalMs: config.attachments.gcIntervalMs,
          graceMs: config.attachments.gcGraceMs,
        })
      : () => {};

  // Around everything: the request log, then the replay of public cached answers (see the file).
  const log = config.logRequests ? createServerLog(config.logLevel, options.logDestination) : null;
  const requestLog = log ? RequestLog.for(log) : null;
  installPublicFastPath(app, deps, requestLog);
  // Until the owner is seen, links use the address the server listens on.
  const listen = app.listen.bind(app) as (...args: unknown[]) => Server;
  app.listen = ((...args: unknown[]) => {
    const server = listen(...args);
    server.once('listening', () => siteOrigin.listeningAt(server.address()));
    return server;
  }) as Express['listen'];

  await mail.start();
  await services.backups.start();
  async function close(): Promise<void> {
    stopGc();
    live.close();
    await mail.stop();
    await services.blog.flushViews().catch(() => {});
    await store.close();
    requestLog?.flush();
    log?.logger.flush();
  }
  return { app, store, services, deps, close, warmUp, live };
}
