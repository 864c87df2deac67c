import { LIVE_FEEDS } from '@private-notes/shared';
import { expect, it } from 'vitest';
import { effectsOf } from './feeds-of-commit.ts';

it('names the feeds a commit moved from the collections it touched', () => {
  const effects = effectsOf({
    seq: 5,
    ops: [
      { o: 'put', c: 'notes', r: { id: 1 } },
      { o: 'patch', c: 'mailOutbox', id: 2, p: { status: 'sent' } },
      { o: 'meta', k: 'x', v: 1 },
      { o: 'ctr', c: 'cards', v: 3 },
    ],
  });
  expect([...effects.feeds].sort()).toEqual(['cards', 'notes', 'outbox', 'trash']);
  expect(effects.endedSessions.size).toBe(0);
});

it('moves the vault feed, and only it, for a change of the vault header', () => {
  const effects = effectsOf({ seq: 9, ops: [{ o: 'patch', c: 'vaults', id: 1, p: { version: 2 } }] });
  expect([...effects.feeds]).toEqual(['vault']);
});

it('moves no feed for a session touch or the blog view counter, and reports sessions ended', () => {
  const effects = effectsOf({
    seq: 6,
    ops: [
      { o: 'patch', c: 'sessions', id: 3, p: { lastSeenAt: 'now' } },
      { o: 'patch', c: 'posts', id: 4, p: { views: 12 } },
      { o: 'del', c: 'sessions', id: 9 },
    ],
  });
  expect(effects.feeds.size).toBe(0);
  expect([...effects.endedSessions]).toEqual([9]);
  expect(effectsOf({ seq: 7, ops: [{ o: 'patch', c: 'posts', id: 4, p: { title: 'T' } }] }).feeds).toEqual(
    new Set(['posts']),
  );
});

it('after a full reload, everything may have moved', () => {
  const effects = effectsOf({ seq: 8, ops: null });
  expect(effects.reloaded).toBe(true);
  expect([...effects.feeds]).toEqual([...LIVE_FEEDS]);
});
