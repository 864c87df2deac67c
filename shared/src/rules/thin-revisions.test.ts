import { describe, expect, it } from 'vitest';
import { isLargeRewrite, isPinnedRevision, revisionsToThin } from './thin-revisions.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-03-20T12:00:00.000Z');
let nextId = 1;
function rev(ageMs: number, reason = 'edit') {
  return { id: nextId++, createdAt: new Date(now.getTime() - ageMs).toISOString(), reason };
}

describe('revisionsToThin', () => {
  it('keeps every revision under a day old, however many', () => {
    const revisions = Array.from({ length: 50 }, (_, i) => rev(i * 60_000));
    revisions.push(rev(DAY - 1));
    expect(revisionsToThin(revisions, now)).toEqual([]);
  });

  it('keeps the newest of each UTC hour between one and seven days', () => {
    // 2026-03-18T10:xx: three in one hour; 11:05 is the next hour.
    const at = (iso: string, reason = 'edit') => ({ id: nextId++, createdAt: iso, reason });
    const a = at('2026-03-18T10:05:00.000Z');
    const b = at('2026-03-18T10:40:00.000Z');
    const c = at('2026-03-18T10:59:59.999Z');
    const d = at('2026-03-18T11:00:00.000Z');
    expect(revisionsToThin([b, d, a, c], now).sort()).toEqual([a.id, b.id].sort());
  });

  it('keeps the newest of each UTC day after seven days', () => {
    const at = (iso: string) => ({ id: nextId++, createdAt: iso, reason: 'edit' });
    const early = at('2026-03-10T00:00:00.000Z');
    const late = at('2026-03-10T23:59:59.999Z');
    const nextDay = at('2026-03-11T00:00:00.000Z');
    expect(revisionsToThin([early, late, nextDay], now)).toEqual([early.id]);
  });

  it('treats the day and week edges exactly', () => {
    // Just past a day old (hourly bucket) and just under: the younger one is kept whatever its hour.
    const young = rev(DAY - 1);
    const old = { ...rev(DAY), createdAt: new Date(now.getTime() - DAY).toISOString() };
    expect(revisionsToThin([young, old], now)).toEqual([]);
    // At exactly 7 days a revision moves to the daily bucket of its UTC day.
    const weekOld = rev(7 * DAY);
    const weekOldEarlier = rev(7 * DAY + HOUR);
    expect(revisionsToThin([weekOld, weekOldEarlier], now)).toEqual([weekOldEarlier.id]);
    const justUnderWeek = rev(7 * DAY - 1);
    const justUnderWeekEarlier = rev(7 * DAY - 1 - HOUR);
    expect(revisionsToThin([justUnderWeek, justUnderWeekEarlier], now)).toEqual([]);
  });

  it('never thins a pinned revision: rewrite, overwrite, restore, import, conflict, merge', () => {
    const pinned = ['rewrite', 'overwrite', 'restore', 'import', 'conflict', 'merge'].map((reason) =>
      rev(10 * DAY + 60_000, reason),
    );
    const edit = rev(10 * DAY);
    const older = rev(10 * DAY + 120_000);
    expect(revisionsToThin([...pinned, edit, older], now)).toEqual([older.id]);
    for (const r of pinned) expect(isPinnedRevision(r)).toBe(true);
    expect(isPinnedRevision({ reason: 'edit' })).toBe(false);
  });

  it('breaks a tie on time by the larger id', () => {
    const iso = '2026-03-01T05:00:00.000Z';
    const first = { id: 900, createdAt: iso, reason: 'edit' };
    const second = { id: 901, createdAt: iso, reason: 'edit' };
    expect(revisionsToThin([second, first], now)).toEqual([900]);
  });
});

describe('isLargeRewrite', () => {
  it('is true when more than half of the old text is replaced or removed', () => {
    expect(isLargeRewrite('Tomatoes\nOnions\nGarlic\n', 'Shopping: bread\n')).toBe(true);
    expect(isLargeRewrite('abcdefghij', 'abcd')).toBe(true); // 6 of 10 removed
    expect(isLargeRewrite('some text', '')).toBe(true);
  });

  it('is false for small edits, appends and half-or-less changes', () => {
    expect(isLargeRewrite('Shopping list\n', 'Shopping list\nTomatoes\n')).toBe(false);
    expect(isLargeRewrite('abcdefghij', 'abcdeXXXXX')).toBe(false); // exactly half
    expect(isLargeRewrite('abcdefghij', 'abcdeXXXXXj')).toBe(false);
    expect(isLargeRewrite('', 'anything at all')).toBe(false);
    expect(isLargeRewrite('same', 'same')).toBe(false);
  });

  it('counts edits at both ends as everything between them', () => {
    expect(isLargeRewrite('a middle part z', 'A middle part Z')).toBe(true);
  });
});
