// The shape of every stored record, one type per collection. Records are what the store keeps on disk;
// routes turn them into the public shapes of @private-notes/shared before answering.
import type {
  Attachment,
  BlogPost,
  CardKind,
  CardState,
  Comment,
  Explanation,
  Note,
  Revision,
  Settings,
  SiteSettings,
  Subscriber,
  SubscriberStatus,
} from '@private-notes/shared';

export interface UserRecord {
  id: number;
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see auth/password.ts. */
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
  /** The TOTP second factor's base32 secret once confirmed (services/two-factor-service.ts); absent when off. */
  totpSecret?: string | null;
  /** A secret offered by setup, waiting for its first code; it becomes `totpSecret` when confirmed. */
  totpPendingSecret?: string | null;
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep?: number | null;
  /** sha256 of each unused recovery code; a used one is removed in the sign-in's own write. */
  recoveryCodeHashes?: string[];
}

export interface SessionRecord {
  id: number;
  userId: number;
  /** HMAC of the cookie token: a stolen data file does not yield usable cookies. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  /** The browser's User-Agent when last seen (Settings › Security names the device from it). */
  userAgent?: string | null;
  /** The client address when last seen. */
  address?: string | null;
  /** When the owner last proved it is them in this session (password, and code when on): auth/owner-proof.ts. */
  reauthenticatedAt?: string | null;
}

/** A passkey (WebAuthn credential) of the owner: sign-in without a password (services/passkey-service.ts). */
export interface PasskeyRecord {
  id: number;
  userId: number;
  name: string;
  /** base64url credential id, as the browser names it. */
  credentialId: string;
  /** base64url COSE public key. */
  publicKey: string;
  /** The authenticator's signature counter (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** A WebAuthn challenge handed out and not yet answered; used once, and only until `expiresAt`. */
export interface AuthChallengeRecord {
  id: number;
  challenge: string;
  purpose: 'register' | 'login';
  /** The owner registering a passkey; null for a sign-in. */
  userId: number | null;
  expiresAt: string;
}

export interface SettingsRecord extends Settings {
  /** Settings are per user; the record id is its own counter, `userId` is the key. */
  id: number;
  userId: number;
}

/** Settings › Site: one record for the installation (absent until first saved: the defaults apply). */
export interface SiteRecord extends SiteSettings {
  id: number;
}

export interface NoteRecord extends Note {
  /** The change sequence of the write that last touched this note (see GET /api/notes/changes). */
  seq: number;
  /** When the newest revision of this note was kept (services/revision-service.ts); absent before the first. */
  revisedAt?: string;
}

export interface NoteTombstoneRecord {
  /** The deleted note's id, so one tombstone per note. */
  id: number;
  userId: number;
  clientId: string | null;
  deletedAt: string;
  seq: number;
  /** The note's last version and creation date, so an edit arriving after the delete restores it in step. */
  version?: number;
  createdAt?: string;
  /**
   * The note as it stood when deleted, while it is in the Trash (services/trash-service.ts): absent once
   * deleted forever or purged, and on tombstones written before the Trash existed.
   */
  trash?: TrashSnapshot;
}

export interface TrashSnapshot {
  title: string;
  content: string;
  tags: string[];
  updatedAt: string;
  /** The locked note's declared files (shared/src/schemas/locked-files.ts); absent/null when not declared. */
  lockedFiles?: string[] | null;
}

/** A note's earlier state (see services/revision-service.ts); kept while the note is in the Trash, removed with it. */
export interface NoteRevisionRecord extends Revision {
  userId: number;
}

/**
 * Blog posts: the public shape (views and commentCount kept up to date by the blog service), and for a draft
 * scheduled with the newsletter the origin its links use, fixed when it was scheduled (a restart may come
 * before any request tells the server its address). Cleared when the post is published.
 */
export type PostRecord = BlogPost & { newsletterUrl?: string | null };

/** Comments always keep the e-mail; the routes drop it for anyone but the owner. */
export interface CommentRecord extends Comment {
  email: string;
}

/**
 * Records stored before double opt-in have no `status` (their `active` tells). Confirmation tokens are kept
 * only as a sha256 hash, so a stolen data file confirms nobody.
 */
export interface SubscriberRecord extends Omit<Subscriber, 'status'> {
  status?: SubscriberStatus;
  confirmTokenHash?: string | null;
  confirmExpiresAt?: string | null;
  /** When the last confirmation mail went out (repeated sign-ups resend at most every 10 minutes). */
  confirmSentAt?: string | null;
  /** When the address confirmed (or was activated by the owner). */
  confirmedAt?: string | null;
  /** The SMTP answer that made the address bounce. */
  bounceReason?: string | null;
  /** When the last "you were unsubscribed" notice went out (at most one a day per address). */
  noticeSentAt?: string | null;
  /**
   * When confirmations and notices went to the address in the last day, whatever its state then
   * (services/address-mail-budget.ts): kept through unsubscribes, so strangers cannot mail it at will.
   */
  mailsSentAt?: string[];
  /**
   * When the address's owner last confirmed from the inbox: mails before it no longer count against the budget
   * (the person who reads that inbox asked for the list; the budget is against mail nobody there asked for).
   */
  mailBudgetFrom?: string | null;
}

export interface ExplanationRecord extends Explanation {
  userId: number;
}

/** A flashcard review, as graded on some device; never changed once stored (see routes/reviews.ts). */
export interface ReviewRecord {
  id: number;
  userId: number;
  /** The grading device's id for the review, unique per user (a retried push finds it). */
  reviewId: string;
  /** The note's client id, the same on every device. */
  noteId: string;
  cardId: string;
  rating: number;
  reviewedAt: string;
  /** The change sequence of the write that stored it (GET /api/reviews?since=). */
  seq: number;
}

/**
 * A study card (flashcard or key point) synced between devices (services/card-service.ts): one record per card,
 * kept as a tombstone (`state` null) once deleted so other devices learn of the delete.
 */
export interface CardRecord {
  id: number;
  userId: number;
  /** The card's id, made by the device (or generator) that made it; unique per user. */
  cardId: string;
  kind: CardKind;
  /** The note's client id, the same on every device. */
  noteId: string;
  /** Moves on with every applied change; a change based on an older one may be refused. */
  version: number;
  deleted: boolean;
  state: CardState | null;
  /** The device-made id of the last applied change (a retried push is not applied twice). */
  change: string;
  updatedAt: string;
  /** The change sequence of the write that last touched it (GET /api/cards?since=). */
  seq: number;
}

/** A message in the Outbox: every captured message, and the single mails (not newsletter issues) sent. */
export interface OutboxRecord {
  id: number;
  createdAt: string;
  to: string;
  subject: string;
  kind: 'confirmation' | 'newsletter' | 'alert' | 'digest' | 'test' | 'notice';
  state: 'captured' | 'sent' | 'failed';
  error: string | null;
  /** The raw message, relative to DATA_DIR/mail. */
  file: string;
}

/** Background work that survives a restart (see jobs/job-runner.ts). `key` is unique: one job per key. */
export interface JobRecord {
  id: number;
  kind: string;
  key: string;
  state: 'queued' | 'running' | 'paused' | 'done' | 'failed';
  /** JSON-serialisable input of the handler. */
  payload: unknown;
  /** Do not run before this time (a wait between retries); null: as soon as possible. */
  runAt: string | null;
  pausedReason: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** One newsletter issue: the post, its fixed recipient count and progress counters kept in step. */
export interface NewsletterSendRecord {
  id: number;
  postId: number;
  jobId: number;
  /** The origin links in this issue point to, fixed at the start so a resumed send links alike. */
  publicUrl: string;
  /** False until the job has written every recipient record (see NewsletterService.#prepare). */
  prepared: boolean;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  uncertain: number;
  startedAt: string;
  finishedAt: string | null;
}

export type RecipientState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'uncertain';

/** One recipient of one issue. `sending` is written (durably) before the hand-over to SMTP. */
export interface NewsletterRecipientRecord {
  id: number;
  sendId: number;
  subscriberId: number;
  email: string;
  state: RecipientState;
  /** Hand-overs tried so far. */
  tries: number;
  /** When a temporary failure may be retried. */
  nextAttemptAt: string | null;
  error: string | null;
  updatedAt: string;
}

/** An uploaded file's metadata; the bytes live in DATA_DIR/attachments/{sha256} (see attachments/). */
export interface AttachmentRecord extends Attachment {
  id: number;
  userId: number;
  /** When garbage collection first found nothing referring to it; null while something does. */
  unreferencedSince: string | null;
}

/**
 * The owner's vault header (locked notes, vault/vault-service.ts): opaque JSON stored exactly as the device sent
 * it. `version` moves with every change and never goes back, not even through a delete (header null), so a
 * device holding an older vault's number can never overwrite a newer vault.
 */
export interface VaultRecord {
  id: number;
  userId: number;
  header: unknown;
  version: number;
  updatedAt: string;
}

/** Collection name → record type. Adding a collection: add it here and to COLLECTION_NAMES. */
export interface CollectionTypes {
  users: UserRecord;
  sessions: SessionRecord;
  settings: SettingsRecord;
  notes: NoteRecord;
  noteTombstones: NoteTombstoneRecord;
  noteRevisions: NoteRevisionRecord;
  posts: PostRecord;
  comments: CommentRecord;
  subscribers: SubscriberRecord;
  explanations: ExplanationRecord;
  reviews: ReviewRecord;
  cards: CardRecord;
  mailOutbox: OutboxRecord;
  jobs: JobRecord;
  newsletterSends: NewsletterSendRecord;
  newsletterRecipients: NewsletterRecipientRecord;
  attachments: AttachmentRecord;
  passkeys: PasskeyRecord;
  authChallenges: AuthChallengeRecord;
  site: SiteRecord;
  vaults: VaultRecord;
}

export type CollectionName = keyof CollectionTypes;

export const COLLECTION_NAMES: readonly CollectionName[] = [
  'users',
  'sessions',
  'settings',
  'notes',
  'noteTombstones',
  'noteRevisions',
  'posts',
  'comments',
  'subscribers',
  'explanations',
  'reviews',
  'cards',
  'mailOutbox',
  'jobs',
  'newsletterSends',
  'newsletterRecipients',
  'attachments',
  'passkeys',
  'authChallenges',
  'site',
  'vaults',
];
