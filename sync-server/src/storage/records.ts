// The shape of every stored record, one type per collection. Records are what the store keeps on disk;
// routes turn them into the public shapes of @private-notes/shared before answering.
import type {
  Attachment,
  BlogPost,
  Comment,
  Explanation,
  Note,
  Settings,
  Subscriber,
} from '@private-notes/shared';

export interface UserRecord {
  id: number;
  username: string;
  /** `scrypt$N$r$p$salt$hash`, see auth/password.ts. */
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRecord {
  id: number;
  userId: number;
  /** HMAC of the cookie token: a stolen data file does not yield usable cookies. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export interface SettingsRecord extends Settings {
  /** Settings are per user; the record id is its own counter, `userId` is the key. */
  id: number;
  userId: number;
}

export interface NoteRecord extends Note {
  /** The change sequence of the write that last touched this note (see GET /api/notes/changes). */
  seq: number;
}

export interface NoteTombstoneRecord {
  /** The deleted note's id, so one tombstone per note. */
  id: number;
  userId: number;
  clientId: string | null;
  deletedAt: string;
  seq: number;
}

/** Blog posts: the public shape (views and commentCount kept up to date by the blog service). */
export type PostRecord = BlogPost;

/** Comments always keep the e-mail; the routes drop it for anyone but the owner. */
export interface CommentRecord extends Comment {
  email: string;
}

export type SubscriberRecord = Subscriber;

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

/** An uploaded file's metadata; the bytes live in DATA_DIR/attachments/{sha256} (see attachments/). */
export interface AttachmentRecord extends Attachment {
  id: number;
  userId: number;
  /** When garbage collection first found nothing referring to it; null while something does. */
  unreferencedSince: string | null;
}

/** Collection name → record type. Adding a collection: add it here and to COLLECTION_NAMES. */
export interface CollectionTypes {
  users: UserRecord;
  sessions: SessionRecord;
  settings: SettingsRecord;
  notes: NoteRecord;
  noteTombstones: NoteTombstoneRecord;
  posts: PostRecord;
  comments: CommentRecord;
  subscribers: SubscriberRecord;
  explanations: ExplanationRecord;
  reviews: ReviewRecord;
  attachments: AttachmentRecord;
}

export type CollectionName = keyof CollectionTypes;

export const COLLECTION_NAMES: readonly CollectionName[] = [
  'users',
  'sessions',
  'settings',
  'notes',
  'noteTombstones',
  'posts',
  'comments',
  'subscribers',
  'explanations',
  'reviews',
  'attachments',
];
