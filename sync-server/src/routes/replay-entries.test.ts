// The replay cache's bounds: a byte budget and a count, least recently used first; an answer shared by
// several entries counts once and is freed with the last of them.
import { describe, expect, it } from 'vitest';
import { CachedAnswer } from './answer-cache.ts';
import { type Kept, ReplayEntries } from './replay-entries.ts';

const answerOf = (bytes: number) => new CachedAnswer(Buffer.alloc(bytes, 97), 'text/plain', 'no-cache');
const entryOf = (answer: CachedAnswer, used: number): Kept => ({ answer, used, ownBytes: 100 });

describe('ReplayEntries', () => {
  it('never holds more than its budget, dropping the least recently used first', () => {
    const entries = new ReplayEntries<Kept>(1000, 10_000);
    const kept = [];
    for (let i = 0; i < 50; i++) {
      const entry = entryOf(answerOf(900), i);
      kept.push(entry);
      expect(entries.set(`/page/${i}`, entry)).toBe(true);
      expect(entries.bytes).toBeLessThanOrEqual(10_000);
    }
    // The newest are there, the oldest went.
    expect(entries.get('/page/49')).toBe(kept[49]);
    expect(entries.get('/page/0')).toBeUndefined();
    // A used entry is kept over newer but idle ones.
    const popular = entries.get('/page/45')!;
    popular.used = 1000;
    for (let i = 50; i < 60; i++) entries.set(`/page/${i}`, entryOf(answerOf(900), i));
    expect(entries.get('/page/45')).toBe(popular);
    expect(entries.get('/page/46')).toBeUndefined();
  });

  it('counts an answer shared by many entries once, and frees it with the last one', () => {
    const entries = new ReplayEntries<Kept>(1000, 10_000);
    const shared = answerOf(5000);
    for (let i = 0; i < 20; i++) entries.set(`/assets/app.js?v=${i}`, entryOf(shared, i));
    expect(entries.size).toBe(20);
    expect(entries.bytes).toBe(5000 + 20 * 100);
    for (let i = 0; i < 19; i++) entries.delete(`/assets/app.js?v=${i}`);
    expect(entries.bytes).toBe(5000 + 100);
    entries.delete('/assets/app.js?v=19');
    expect(entries.bytes).toBe(0);
  });

  it('keeps at most its count, refuses an answer larger than the whole budget, and replaces in place', () => {
    const entries = new ReplayEntries<Kept>(10, 1_000_000);
    for (let i = 0; i < 25; i++) entries.set(`/${i}`, entryOf(answerOf(10), i));
    expect(entries.size).toBeLessThanOrEqual(10);
    expect(entries.set('/huge', entryOf(answerOf(2_000_000), 99))).toBe(false);
    expect(entries.get('/huge')).toBeUndefined();
    const before = entries.bytes;
    entries.set('/24', entryOf(answerOf(10), 100));
    expect(entries.bytes).toBe(before);
    entries.clear();
    expect([entries.size, entries.bytes]).toEqual([0, 0]);
  });
});
