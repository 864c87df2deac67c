// A new device's first sync when the page's shell has already asked for the feed's first page (the inline script
// of db/first-page-script.ts, run here as the page runs it, against the real server on loopback): the engine stores
// that answer and goes on from its cursor instead of asking again, with nothing lost or doubled; an answer that
// failed, is not a feed page, never comes or is stale is ignored and the page asked for again; the notes screen's
// rows from it are the cards the database then holds.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_FEED_KEY,
  FEED_CURSOR_MARK,
  FIRST_PAGE_SIZE,
  FIRST_SYNC_FIRST_PAGE,
  firstPageScript,
  NOTES_DATABASE_NAME,
  OWNER_PAGE_ATTRIBUTE,
  SHELL_FIRST_PAGE_KEY,
} from '../db/first-page-script.ts';
import { NotesDatabase } from '../db/notes-database.ts';
import { earlyFeedAnswer, earlyFeedRows, onEarlyFeedDropped } from './early-feed.ts';
import { type PullProgress, readCursor } from './pull-changes.ts';
import {
  editAndDeleteElsewhere,
  feedCalls,
  localSummary,
  seedServerNotes,
  serverNotes,
  setUpSyncFixture,
} from './sync-test-harness.ts';

const fixture = setUpSyncFixture();
const holder = globalThis as unknown as Record<string, unknown>;

/** The page's localStorage, where the engine marks that the device has a feed cursor. */
let storage: Map<string, string>;

function stubStorage(): void {
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
}

beforeEach(() => {
  delete holder[EARLY_FEED_KEY];
  delete holder[SHELL_FIRST_PAGE_KEY];
  storage = new Map();
  stubStorage();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  delete holder[EARLY_FEED_KEY];
  delete holder[SHELL_FIRST_PAGE_KEY];
  await new NotesDatabase(NOTES_DATABASE_NAME).delete();
});

/**
 * Runs the shell's script as a new device's /notes page does (signed in, online, no database) and returns the
 * early answer it left, once it has come.
 */
async function shellAsksEarly(): Promise<unknown> {
  const requests: string[] = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { pathname: '/notes' });
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('document', {
    documentElement: { hasAttribute: (name: string) => name === OWNER_PAGE_ATTRIBUTE },
  });
  const realFetch = fetch;
  // The page's relative address, with the session cookie the browser would send.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push(url);
    return realFetch(fixture.server.url + url, { ...init, headers: { cookie: fixture.cookie } });
  });
  new Function(firstPageScript)();
  await vi.waitFor(() => expect(holder[SHELL_FIRST_PAGE_KEY]).not.toBeUndefined());
  vi.unstubAllGlobals();
  stubStorage();
  expect(requests).toHaveLength(1);
  const answer = earlyFeedAnswer();
  expect(answer).not.toBeNull();
  return answer;
}

describe('a first sync with the page’s early first page', () => {
  it('stores that answer and goes on from its cursor: one request fewer, nothing lost or doubled', async () => {
    await seedServerNotes(fixture, FIRST_SYNC_FIRST_PAGE + 30);
    const early = await shellAsksEarly();
    const rows = earlyFeedRows(await early);
    expect(rows).toHaveLength(FIRST_PAGE_SIZE);

    // Meanwhile, before the engine has loaded: a note of that page is edited, one still to come is deleted.
    const { edited } = await editAndDeleteElsewhere(fixture, 'elsewhere-5', 'elsewhere-120');

    const d = fixture.device();
    const seen: PullProgress[] = [];
    d.engine.subscribe((status) => {
      if (status.firstSync) seen.push(status.firstSync);
    });
    expect(await d.engine.syncNow()).toBe('synced');

    // Only the rest of the feed was asked for (without the early answer: two requests).
    const asked = feedCalls(d.calls);
    expect(asked).toHaveLength(1);
    expect(seen[1]).toEqual({ received: FIRST_SYNC_FIRST_PAGE, total: FIRST_SYNC_FIRST_PAGE + 30 });
    // The server's notes, each once, the edit and the deletion included.
    const server = await serverNotes(fixture.server, fixture.cookie);
    expect(await localSummary(d)).toEqual(server.map((n) => `${n.title}|${n.content}`).sort());
    expect(await d.db.notes.count()).toBe(FIRST_SYNC_FIRST_PAGE + 29);
    expect(await d.db.notes.where('serverId').equals(edited).first()).toMatchObject({
      content: 'edited elsewhere',
    });
    // The screen's cards from the early answer are the database's notes, under the same ids.
    for (const row of rows ?? []) expect((await d.db.notes.get(row.id))?.serverId).toBe(row.serverId);
    // The device has a cursor now: its next page asks for nothing early.
    expect(storage.get(FEED_CURSOR_MARK)).toBe('1');
    // Taken once: the next round is an ordinary one.
    expect(earlyFeedAnswer()).toBeNull();
    d.calls.length = 0;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(feedCalls(d.calls)).toHaveLength(1);
    expect(await readCursor(d.db)).not.toBeNull();
  });

  it.each([
    ['a failed one', null],
    ['one that is not a feed page', { notes: [{ id: 'x' }], deleted: [], cursor: '5', more: false }],
    ['a page of malformed notes', { notes: [{ id: 1 }], deleted: [], cursor: '999', more: false, total: 1 }],
  ])('ignores %s, asks for the page again, and the screen stops showing it', async (_name, body) => {
    await seedServerNotes(fixture, FIRST_SYNC_FIRST_PAGE + 30);
    holder[EARLY_FEED_KEY] = Promise.resolve(body);
    const dropped = vi.fn();
    const stop = onEarlyFeedDropped(dropped);
    const d = fixture.device();
    expect(await d.engine.syncNow()).toBe('synced');
    stop();
    expect(feedCalls(d.calls)).toHaveLength(2);
    expect(await d.db.notes.count()).toBe(FIRST_SYNC_FIRST_PAGE + 30);
    if (body !== null) expect(dropped).toHaveBeenCalled();
  });

  it('waits for an answer still on its way, and no longer than a request may take', async () => {
    await seedServerNotes(fixture, 5);
    // On its way: used when it comes.
    let arrive: (body: unknown) => void = () => {};
    holder[EARLY_FEED_KEY] = new Promise((resolve) => {
      arrive = resolve;
    });
    const late = await fetch(`${fixture.server.url}/api/notes/changes?limit=${FIRST_SYNC_FIRST_PAGE}`, {
      headers: { cookie: fixture.cookie },
    }).then((answer) => answer.json());
    const d = fixture.device({ timeoutMs: 2_000 });
    const round = d.engine.syncNow();
    setTimeout(() => arrive(late), 100);
    expect(await round).toBe('synced');
    expect(feedCalls(d.calls)).toHaveLength(0);
    expect(await d.db.notes.count()).toBe(5);

    // Never comes: after the request deadline the engine asks itself.
    const e = fixture.device({ timeoutMs: 1_000 });
    holder[EARLY_FEED_KEY] = new Promise(() => {});
    const started = Date.now();
    expect(await e.engine.syncNow()).toBe('synced');
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(feedCalls(e.calls)).toHaveLength(1);
    expect(await e.db.notes.count()).toBe(5);
  });

  it('leaves a stale answer alone on a device that has finished its first sync', async () => {
    await seedServerNotes(fixture, 3);
    const d = fixture.device();
    expect(await d.engine.syncNow()).toBe('synced');
    // An answer that would add a note the server does not have, were it stored.
    const ghost = {
      id: 9_999,
      title: 'Ghost',
      content: '',
      tags: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      userId: 1,
      version: 1,
      clientId: null,
    };
    holder[EARLY_FEED_KEY] = Promise.resolve({ notes: [ghost], deleted: [], cursor: '1', more: false });
    const dropped = vi.fn();
    const stop = onEarlyFeedDropped(dropped);
    expect(await d.engine.syncNow()).toBe('synced');
    stop();
    expect(dropped).toHaveBeenCalled();
    expect(earlyFeedAnswer()).toBeNull();
    expect((await d.db.notes.toArray()).map((n) => n.title)).not.toContain('Ghost');
    expect(await d.db.notes.count()).toBe(3);
  });

  it('a fault after the early page keeps it stored and resumes after it; the screen stops showing the answer', async () => {
    await seedServerNotes(fixture, FIRST_SYNC_FIRST_PAGE + 30);
    await shellAsksEarly();
    const d = fixture.device();
    d.faults.fail500 = 1;
    const dropped = vi.fn();
    const stop = onEarlyFeedDropped(dropped);
    expect(await d.engine.syncNow()).toBe('failed');
    stop();
    expect(dropped).toHaveBeenCalled();
    expect(await d.db.notes.count()).toBe(FIRST_SYNC_FIRST_PAGE);
    d.calls.length = 0;
    expect(await d.engine.syncNow()).toBe('synced');
    expect(feedCalls(d.calls)).toHaveLength(1);
    expect(await d.db.notes.count()).toBe(FIRST_SYNC_FIRST_PAGE + 30);
  });
});

describe('the mark that tells the page’s shell this device has a feed cursor', () => {
  it('is set once a first sync has stored a page, and dropped while a device has no cursor', async () => {
    await seedServerNotes(fixture, 3);
    // Left from before the database went (evicted): wrong until a first page is stored again.
    storage.set(FEED_CURSOR_MARK, '1');
    const d = fixture.device();
    d.faults.fail500 = 1;
    expect(await d.engine.syncNow()).toBe('failed');
    expect(storage.has(FEED_CURSOR_MARK)).toBe(false);
    expect(await d.engine.syncNow()).toBe('synced');
    expect(storage.get(FEED_CURSOR_MARK)).toBe('1');
    // Lost (storage cleared) on a device that has its cursor: the next round sets it again.
    storage.clear();
    expect(await d.engine.syncNow()).toBe('synced');
    expect(storage.get(FEED_CURSOR_MARK)).toBe('1');
  });
});

describe('the notes screen’s rows from an early first page', () => {
  const note = (id: number, minute: number, clientId: string | null) => ({
    id,
    title: `Note ${id}`,
    content: 'text',
    tags: ['a'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    userId: 1,
    version: 2,
    clientId,
  });

  it('are its newest notes first, a screenful at most, under the ids the pull gives them', () => {
    const notes = Array.from({ length: 40 }, (_, i) => note(i + 1, (i * 7) % 40, i % 2 ? `c${i}` : null));
    const rows = earlyFeedRows({ notes, deleted: [], cursor: '40', more: false })!;
    expect(rows).toHaveLength(FIRST_PAGE_SIZE);
    const updated = rows.map((row) => row.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(rows[0]).toMatchObject({
      serverId: expect.any(Number),
      version: 2,
      syncState: 'synced',
      deleted: 0,
    });
    for (const row of rows) {
      const from = notes.find((n) => n.id === row.serverId)!;
      expect(row.id).toBe(from.clientId ?? `s${from.id}`);
    }
  });

  it('are none for anything but a feed page of well-formed notes', () => {
    for (const body of [
      null,
      'text',
      { notes: 'x' },
      { notes: [{ ...note(1, 1, null), tags: [3] }] },
      { notes: [{ ...note(1, 1, null), id: '1' }] },
      { notes: [{ ...note(1, 1, null), updatedAt: 5 }] },
    ])
      expect(earlyFeedRows(body)).toBeNull();
    expect(earlyFeedRows({ notes: [] })).toEqual([]);
  });
});
