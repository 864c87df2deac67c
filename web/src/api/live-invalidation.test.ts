// Screens that read from the server follow the live channel: the feed that moved refetches what a mounted
// screen shows (the Outbox, blog admin, settings, a note's History), and nothing else.
import { expect, it } from 'vitest';
import { OUTBOX_KEY } from '../features/admin/mail/mail-keys.ts';
import { invalidateLiveFeeds } from './live-invalidation.ts';
import { PageCache } from './page-cache.ts';
import { ADMIN_BLOG_KEY, SETTINGS_KEY } from './queries.ts';

function mounted(cache: PageCache, queryKey: readonly unknown[]) {
  let calls = 0;
  cache.activate({ queryKey, queryFn: async () => ++calls });
  return () => calls;
}

it('refetches the mounted screens of the feeds that moved, and only those', async () => {
  const cache = new PageCache();
  const outbox = mounted(cache, OUTBOX_KEY);
  const posts = mounted(cache, ADMIN_BLOG_KEY);
  const settings = mounted(cache, SETTINGS_KEY);
  const history = mounted(cache, ['note-revisions', 7, 3]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect([outbox(), posts(), settings(), history()]).toEqual([1, 1, 1, 1]);

  invalidateLiveFeeds(cache, ['outbox']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect([outbox(), posts(), settings(), history()]).toEqual([2, 1, 1, 1]);

  invalidateLiveFeeds(cache, ['posts', 'revisions']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect([outbox(), posts(), settings(), history()]).toEqual([2, 2, 1, 2]);

  // Synced feeds are the browser database's business: no server read refetches for them.
  expect(invalidateLiveFeeds(cache, ['notes', 'cards', 'reviews'])).toEqual([]);
});
