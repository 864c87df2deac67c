// Which of the owner's feeds a commit moved, and which sessions it ended: read from the transaction's
// operations (collections touched), so every write path is covered without the services knowing.
import { LIVE_FEEDS, type LiveFeed } from '@private-notes/shared';
import type { Commit } from '../storage/commit-listeners.ts';
import type { CollectionName } from '../storage/index.ts';

/** Collection → the feeds whose answers it is part of. Collections not listed move no feed. */
const FEEDS_OF: Partial<Record<CollectionName, readonly LiveFeed[]>> = {
  notes: ['notes', 'trash'],
  noteTombstones: ['notes', 'trash'],
  noteRevisions: ['revisions'],
  cards: ['cards'],
  reviews: ['reviews'],
  settings: ['settings'],
  site: ['settings'],
  passkeys: ['settings'],
  posts: ['posts'],
  comments: ['posts'],
  subscribers: ['subscribers'],
  mailOutbox: ['outbox'],
  newsletterSends: ['outbox', 'posts'],
  newsletterRecipients: ['outbox'],
  explanations: ['explanations'],
  vaults: ['vault'],
};

export interface CommitEffects {
  feeds: Set<LiveFeed>;
  /** Sessions this commit removed (signed out): their channels close before any event goes out. */
  endedSessions: Set<number>;
  /** A full reload: every session must be checked again. */
  reloaded: boolean;
}

export function effectsOf(commit: Commit): CommitEffects {
  const effects: CommitEffects = {
    feeds: new Set(),
    endedSessions: new Set(),
    reloaded: commit.ops === null,
  };
  if (commit.ops === null) {
    for (const feed of LIVE_FEEDS) effects.feeds.add(feed);
    return effects;
  }
  for (const op of commit.ops) {
    if (op.o === 'meta') continue;
    if (op.o === 'del' && op.c === 'sessions') effects.endedSessions.add(op.id);
    // The blog's view counter, flushed every few seconds while visitors read: no screen waits for it.
    if (op.o === 'patch' && op.c === 'posts' && isViewCount(op.p)) continue;
    for (const feed of FEEDS_OF[op.c] ?? []) effects.feeds.add(feed);
  }
  return effects;
}

function isViewCount(patch: Record<string, unknown>): boolean {
  const keys = Object.keys(patch);
  return keys.length === 1 && keys[0] === 'views';
}
