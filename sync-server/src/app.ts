// Builds the Express app (no listening): storage, services, middleware, and the routers of every area.
import compression from 'compression';
import express, { type Express } from 'express';
import morgan from 'morgan';
import type { AiProvider } from './ai/ai-provider.ts';
import { createAiProvider, describeAiProvider } from './ai/create-ai-provider.ts';
import { installAttachmentFastPath } from './attachments/attachment-fast-path.ts';
import { AttachmentFiles } from './attachments/attachment-files.ts';
import { startAttachmentGc } from './attachments/attachment-gc.ts';
import { AttachmentService } from './attachments/attachment-service.ts';
import { createAttachmentsRouter } from './attachments/attachments-router.ts';
import { ImageVariants } from './attachments/image-variants.ts';
import { VariantMemory } from './attachments/variant-memory.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { SessionService } from './auth/session-service.ts';
import type { Config } from './config.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { originCheck } from './http/origin-check.ts';
import { securityHeaders } from './http/security-headers.ts';
import { mountWebApp } from './pages/web-app.ts';
import { createAdminBlogRouter } from './routes/admin-blog.ts';
import { createAiRouter } from './routes/ai.ts';
import { createAuthRouter } from './routes/auth.ts';
import { createBlogRouter } from './routes/blog.ts';
import { createCommentsRouter } from './routes/comments.ts';
import { createFeedsRouter } from './routes/feeds.ts';
import { createNotesRouter } from './routes/notes.ts';
import { installPublicFastPath } from './routes/public-fast-path.ts';
import { createReviewsRouter } from './routes/reviews.ts';
import { createSettingsRouter } from './routes/settings.ts';
import { createSubscribersRouter } from './routes/subscribers.ts';
import { BlogService } from './services/blog-service.ts';
import { CommentService } from './services/comment-service.ts';
import { ExplanationService } from './services/explanation-service.ts';
import { NoteService } from './services/note-service.ts';
import { SettingsService } from './services/settings-service.ts';
import { SubscriberService } from './services/subscriber-service.ts';
import { UserService } from './services/user-service.ts';
import { Store } from './storage/index.ts';

export const BODY_LIMIT = '1mb';

/** Business rules, one service per area. Services are thin, stateless wrappers over the store. */
export interface Services {
  users: UserService;
  sessions: SessionService;
  notes: NoteService;
  settings: SettingsService;
  blog: BlogService;
  comments: CommentService;
  subscribers: SubscriberService;
  /** Chosen once at start from `config.openai`: an OpenAI-compatible model, or the local algorithms. */
  ai: AiProvider;
  explanations: ExplanationService;
  attachments: AttachmentService;
}

/** What every router factory receives: `createXRouter(deps)`. */
export interface Deps {
  config: Config;
  store: Store;
  auth: Auth;
  services: Services;
}

export interface AppHandle {
  app: Express;
  store: Store;
  services: Services;
  deps: Deps;
  /** Flushes and compacts the store. Call after the HTTP server has stopped accepting requests. */
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<AppHandle> {
  const store = await Store.open(config.dataDir, { compactThresholdBytes: config.compactThresholdBytes });
  const attachmentFiles = new AttachmentFiles(config.dataDir);
  await attachmentFiles.init();
  const sessions = new SessionService(store, await SessionService.secretFor(store, config.sessionSecret));
  const services: Services = {
    users: new UserService(store),
    sessions,
    notes: new NoteService(store),
    settings: new SettingsService(store),
    blog: new BlogService(store),
    comments: new CommentService(store),
    subscribers: new SubscriberService(store),
    ai: createAiProvider(config.openai),
    explanations: new ExplanationService(store),
    attachments: new AttachmentService(store, attachmentFiles, config.attachments),
  };
  if (config.logRequests) console.log(describeAiProvider(services.ai, config.openai));
  const { generatedPassword } = await services.users.ensureOwner(config.ownerUsername, config.ownerPassword);
  if (generatedPassword) {
    // Printed once, on the first start only; only its scrypt hash is stored.
    console.log(
      `\nCreated the owner account.\n  username: ${config.ownerUsername}\n  password: ${generatedPassword}\n` +
        'This password is shown only this once. Change it in Settings › Security.\n',
    );
  }
  await sessions.purgeExpired();

  const auth = createAuth(store, sessions);
  const deps: Deps = { config, store, auth, services };

  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders());
  app.use(compression());
  if (config.logRequests) app.use(morgan('short'));
  app.use(originCheck(config.allowedOrigins));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(auth.loadSession);

  // ── Routers ─────────────────────────────────────────────────────────────────────────────────────────
  // One line per area. Each router declares full paths (`/api/...`) and gets `deps`.
  app.use(createAuthRouter(deps));
  app.use(createSettingsRouter(deps));
  app.use(createAiRouter(deps)); // before notes: /api/notes/suggest-tags etc. are not note ids
  app.use(createNotesRouter(deps));
  app.use(createReviewsRouter(deps));
  app.use(createBlogRouter(deps));
  installPublicFastPath(app, deps); // replays public blog answers until the next write (see the file)
  app.use(createAdminBlogRouter(deps));
  app.use(createCommentsRouter(deps));
  app.use(createSubscribersRouter(deps));
  app.use(createFeedsRouter(deps));
  const variantMemory = new VariantMemory();
  if (!config.logRequests) installAttachmentFastPath(app, services.attachments, variantMemory);
  app.use(
    createAttachmentsRouter({
      ...deps,
      attachments: services.attachments,
      variants: new ImageVariants(attachmentFiles),
      memory: variantMemory,
    }),
  );
  // ────────────────────────────────────────────────────────────────────────────────────────────────────

  app.use('/api', apiNotFound);
  mountWebApp(app, deps);
  app.use(errorHandler);

  // Another engineer's job runner will take this timer over; until then it runs on its own.
  const stopGc =
    config.attachments.gcIntervalMs > 0
      ? startAttachmentGc(store, services.attachments, {
          intervalMs: config.attachments.gcIntervalMs,
          graceMs: config.attachments.gcGraceMs,
        })
      : () => {};

  return {
    app,
    store,
    services,
    deps,
    close: async () => {
      stopGc();
      await store.close();
    },
  };
}
