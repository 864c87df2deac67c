// Screens that read from the server (blog admin, Outbox, settings, subscribers, AI history, a note's
// History) follow the live channel: a feed that moved invalidates its cache entries, and the page cache
// refetches at once those a mounted screen shows (the others when next used). Synced feeds (notes, cards,
// reviews) need nothing here: their screens read the browser's database, which the sync fills.
import type { LiveFeed } from '@private-notes/shared';
import { MAIL_STATUS_KEY, OUTBOX_KEY } from '../features/admin/mail/mail-keys.ts';
import type { PageCache, QueryKey } from './page-cache.ts';
import {
  ADMIN_BLOG_KEY,
  ADMIN_SITE_KEY,
  BLOG_KEY,
  EXPLANATIONS_KEY,
  PENDING_COMMENTS_KEY,
  SETTINGS_KEY,
  SITE_KEY,
  SUBSCRIBERS_KEY,
} from './queries.ts';
import { PASSKEYS_KEY, SESSIONS_KEY, TOTP_KEY } from './sign-in-api.ts';

const KEYS_OF: Partial<Record<LiveFeed, readonly QueryKey[]>> = {
  posts: [ADMIN_BLOG_KEY, BLOG_KEY, PENDING_COMMENTS_KEY],
  outbox: [OUTBOX_KEY, MAIL_STATUS_KEY],
  settings: [SETTINGS_KEY, ADMIN_SITE_KEY, SITE_KEY, PASSKEYS_KEY, TOTP_KEY, SESSIONS_KEY],
  subscribers: [SUBSCRIBERS_KEY],
  explanations: [EXPLANATIONS_KEY],
  revisions: [['note-revisions']],
};

/** Invalidates what `feeds` moved; returns the keys it invalidated. */
export function invalidateLiveFeeds(cache: PageCache, feeds: readonly LiveFeed[]): QueryKey[] {
  const keys = feeds.flatMap((feed) => KEYS_OF[feed] ?? []);
  for (const queryKey of keys) void cache.invalidateQueries({ queryKey });
  return keys;
}
