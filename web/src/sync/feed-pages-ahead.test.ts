import type { NoteChanges } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { feedPagesAhead } from './feed-pages-ahead.ts';

const page = (cursor: string, more: boolean): NoteChanges => ({ notes: [], deleted: [], cursor, more });

/** A feed of `count` pages whose requests answer only when the test says so. */
function controlledFeed(count: number) {
  const asked: string[] = [];
  const answers = new Map<string, (changes: NoteChanges) => void>();
  const failures = new Map<string, (error: Error) => void>();
  const fetchAfter = (cursor: string) => {
    asked.push(cursor);
    return new Promise<NoteChanges>((resolve, reject) => {
      const n = Number(cursor) + 1;
      answers.set(cursor, () => resolve(page(String(n), n < count)));
      failures.set(cursor, reject);
    });
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { asked, answers, failures, fetchAfter, settle };
}

describe('feed pages asked for ahead', () => {
  it('asks for the next page as soon as an answer is in, while the pages before are still being stored', async () => {
    const feed = controlledFeed(5);
    const pages = feedPagesAhead(Promise.resolve(page('1', true)), null, feed.fetchAfter, 2);
    expect((await pages.next()).cursor).toBe('1');
    // Page 1 is now "being stored" (not yet taken the next): page 2 is already on its way.
    await feed.settle();
    expect(feed.asked).toEqual(['1']);
    feed.answers.get('1')!(page('2', true));
    await feed.settle();
    // Page 2 is in and page 1 still being stored: page 3 is asked for too (two pages ahead)…
    expect(feed.asked).toEqual(['1', '2']);
    feed.answers.get('2')!(page('3', true));
    await feed.settle();
    // …but not page 4: two pages are held untaken.
    expect(feed.asked).toEqual(['1', '2']);
    expect((await pages.next()).cursor).toBe('2');
    await feed.settle();
    expect(feed.asked).toEqual(['1', '2', '3']);
    expect((await pages.next()).cursor).toBe('3');
    feed.answers.get('3')!(page('4', true));
    expect((await pages.next()).cursor).toBe('4');
    feed.answers.get('4')!(page('5', false));
    expect((await pages.next()).cursor).toBe('5');
    await feed.settle();
    // The last page said there is no more: nothing else is asked for.
    expect(feed.asked).toEqual(['1', '2', '3', '4']);
  });

  it('stops at a failed request, which the pull meets in its turn, and asks nothing after it', async () => {
    const feed = controlledFeed(9);
    const pages = feedPagesAhead(Promise.resolve(page('1', true)), null, feed.fetchAfter, 2);
    await pages.next();
    await feed.settle();
    feed.failures.get('1')!(new Error('offline'));
    await feed.settle();
    await expect(pages.next()).rejects.toThrow('offline');
    expect(feed.asked).toEqual(['1']);
  });

  it('asks nothing more once stopped, and nothing after a page that does not move the cursor', async () => {
    const feed = controlledFeed(9);
    const stopped = feedPagesAhead(Promise.resolve(page('1', true)), null, feed.fetchAfter, 2);
    stopped.stop();
    await stopped.next();
    await feed.settle();
    expect(feed.asked).toEqual([]);

    const stuck = feedPagesAhead(Promise.resolve(page('7', true)), '7', feed.fetchAfter, 2);
    await stuck.next();
    await feed.settle();
    expect(feed.asked).toEqual([]);
  });
});
