// Unique in-memory indexes over collections: a string key per record, kept in step by every write.
import type { CollectionName, CollectionTypes } from './records.ts';

/** Returns the record's key in the index, or null to leave the record out of it. */
type KeyOf<T> = (record: T) => string | null;

export type IndexDefinitions = { [C in CollectionName]?: Record<string, KeyOf<CollectionTypes[C]>> };

/** Add an index here and read it with `view.lookup(collection, name, key)`. Keys are unique. */
export const INDEXES: IndexDefinitions = {
  users: { username: (u) => u.username.toLowerCase() },
  sessions: { tokenHash: (s) => s.tokenHash },
  settings: { userId: (s) => String(s.userId) },
  notes: { clientId: (n) => (n.clientId === null ? null : `${n.userId}:${n.clientId}`) },
  noteTombstones: { clientId: (t) => (t.clientId === null ? null : `${t.userId}:${t.clientId}`) },
  subscribers: {
    email: (s) => s.email.toLowerCase(),
    confirmTokenHash: (s) => s.confirmTokenHash ?? null,
  },
  jobs: { key: (j) => j.key },
  attachments: { sha256: (a) => a.sha256 },
  newsletterSends: { postId: (s) => String(s.postId) },
  passkeys: { credentialId: (p) => p.credentialId },
  authChallenges: { challenge: (c) => c.challenge },
  reviews: { reviewId: (r) => `${r.userId}:${r.reviewId}` },
  cards: { cardId: (c) => `${c.userId}:${c.cardId}` },
  vaults: { userId: (v) => String(v.userId) },
};

type SeqCollection = {
  [C in CollectionName]: CollectionTypes[C] extends { seq: number } ? C : never;
}[CollectionName];

export type SeqIndexDefinitions = { [C in SeqCollection]?: Record<string, KeyOf<CollectionTypes[C]>> };

/**
 * Ordered indexes by change sequence (seq-index.ts), one list per key: read with `view.changedBetween(...)`.
 * The notes' changes feed pages through them instead of filtering and sorting every note per page.
 */
export const SEQ_INDEXES: SeqIndexDefinitions = {
  notes: { byUser: (n) => String(n.userId) },
  noteTombstones: { byUser: (t) => String(t.userId) },
};
