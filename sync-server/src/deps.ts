// What the server's parts are handed: the services (one per area) and the dependencies every router factory
// receives. Types only, in a module of their own, so a router imports them without importing the app that
// mounts it (app.ts builds these; routes/, pages/ and attachments/ only read them).
import type { AiProvider } from './ai/ai-provider.ts';
import type { AttachmentService } from './attachments/attachment-service.ts';
import type { ImageVariants } from './attachments/image-variants.ts';
import type { Auth } from './auth/auth.ts';
import type { ChallengeCookies } from './auth/challenge-cookie.ts';
import type { SessionService } from './auth/session-service.ts';
import type { SignInGuard } from './auth/sign-in-guard.ts';
import type { BackupService } from './backup/backup-service.ts';
import type { Config } from './config.ts';
import type { SiteOrigin } from './http/site-origin.ts';
import type { HistoryUpkeep } from './jobs/history-upkeep.ts';
import type { MailModule } from './mail/mail-module.ts';
import type { BlogService } from './services/blog-service.ts';
import type { CommentService } from './services/comment-service.ts';
import type { ExplanationService } from './services/explanation-service.ts';
import type { NoteBatchService } from './services/note-batch-service.ts';
import type { NoteService } from './services/note-service.ts';
import type { PasskeyService } from './services/passkey-service.ts';
import type { RevisionService } from './services/revision-service.ts';
import type { SettingsService } from './services/settings-service.ts';
import type { SiteService } from './services/site-service.ts';
import type { SubscriberService } from './services/subscriber-service.ts';
import type { TrashService } from './services/trash-service.ts';
import type { TwoFactorService } from './services/two-factor-service.ts';
import type { UserService } from './services/user-service.ts';
import type { Store } from './storage/index.ts';
import type { VaultService } from './vault/vault-service.ts';

/** Business rules, one service per area. Services are thin, stateless wrappers over the store. */
export interface Services {
  users: UserService;
  sessions: SessionService;
  /** Who may try a password now: device cookies and lockouts (auth/sign-in-guard.ts). */
  signInGuard: SignInGuard;
  /** The TOTP second factor and recovery codes of password sign-ins. */
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
  /** Passkey challenges held by the browser that asked (auth/challenge-cookie.ts). */
  passkeyChallenges: ChallengeCookies;
  notes: NoteService;
  /** The sync engine's push: many notes' changes in one transaction (POST /api/notes/batch). */
  noteBatch: NoteBatchService;
  revisions: RevisionService;
  /** Deleted notes, kept TRASH_DAYS with their revisions. */
  trash: TrashService;
  /** Thinning and retention of revisions, purge of the Trash: a recurring job (jobs/history-upkeep.ts). */
  historyUpkeep: HistoryUpkeep;
  settings: SettingsService;
  /** Settings › Site and the author (the owner's Profile): pages, feeds and mails read it. */
  site: SiteService;
  blog: BlogService;
  comments: CommentService;
  subscribers: SubscriberService;
  /** Chosen once at start from `config.openai`: an OpenAI-compatible model, or the local algorithms. */
  ai: AiProvider;
  explanations: ExplanationService;
  /** Transport, Outbox, newsletter sends, comment alerts and the weekly digest (mail/mail-module.ts). */
  mail: MailModule;
  attachments: AttachmentService;
  /** Public image variants, made one at a time; the blog's publish queues a post's common ones. */
  imageVariants: ImageVariants;
  /** Scheduled backups on the job runner, their status and "back up now" (backup/backup-service.ts). */
  backups: BackupService;
  /** The vault header of locked notes (vault/vault-service.ts); the server never sees a key. */
  vault: VaultService;
}

/** What every router factory receives: `createXRouter(deps)`. */
export interface Deps {
  config: Config;
  store: Store;
  auth: Auth;
  services: Services;
  /** Where absolute URLs point: PUBLIC_URL, or the owner's address, never an anonymous request's Host. */
  siteOrigin: SiteOrigin;
}
