// The shell's read of the first screenful (the inline script, run as the page runs it) against real IndexedDB
// semantics: the newest live notes in order, at most FIRST_PAGE_SIZE, read by the index a row at a time and
// stopping there (not every note); no database is created where there was none; its connection is closed, so
// the app's own open and a later upgrade are never blocked. On a device that has never finished a sync, the
// owner's page asks for the feed's first page instead, once, as the engine would; anywhere else nothing early.
import 'fake-indexeddb/auto';
import { API } from '@private-notes/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dropShellFirstPage,
  EARLY_FEED_KEY,
  FEED_CURSOR_MARK,
  FIRST_FEED_PAGE_URL,
  FIRST_PAGE_SIZE,
  FIRST_SYNC_FIRST_PAGE,
  firstPageScript,
  NOTES_DATABASE_NAME,
  OWNER_PAGE_ATTRIBUTE,
  SHELL_FIRST_PAGE_KEY,
  SHELL_FIRST_PAGE_WAITS,
  shellFirstPage,
  whenShellFirstPageRead,
} from './first-page-script.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote } from './notes-store.ts';
import type { LocalNote } from './types.ts';

const holder = globalThis as unknown as Record<string, unknown>;

/** The attributes of the page's <html> (the server's render sets OWNER_PAGE_ATTRIBUTE for the owner). */
let htmlAttributes: Set<string>;
/** The page's requests, and what the server answers them. */
let fetched: Array<{ url: string; init: RequestInit | undefined }>;
let answer: () => Promise<Response>;
/** The page's localStorage. */
let storage: Map<string, string>;

beforeEach(() => {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { pathname: '/notes' });
  htmlAttributes = new Set();
  vi.stubGlobal('document', {
    documentElement: { hasAttribute: (name: string) => htmlAttributes.has(name) },
  });
  vi.stubGlobal('navigator', { onLine: true });
  storage = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  fetched = [];
  answer = async () => Response.json({ notes: [], deleted: [], cursor: '0', more: false, total: 0 });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    fetched.push({ url, init });
    return answer();
  });
  delete holder[SHELL_FIRST_PAGE_KEY];
  delete holder[SHELL_FIRST_PAGE_WAITS];
  delete holder[EARLY_FEED_KEY];
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete holder[SHELL_FIRST_PAGE_KEY];
  delete holder[EARLY_FEED_KEY];
  await new NotesDatabase(NOTES_DATABASE_NAME).delete();
});

/** Runs the script as the page's <head> does and waits for its answer. */
async function runScript(): Promise<unknown> {
  new Function(firstPageScript)();
  await vi.waitFor(() => expect(holder[SHELL_FIRST_PAGE_KEY]).not.toBeUndefined());
  return holder[SHELL_FIRST_PAGE_KEY];
}

/** `count` notes, note i updated at minute i; the `deleted` ones are tombstones. */
async function storeNotes(count: number, deleted: (i: number) => boolean): Promise<void> {
  const database = new NotesDatabase(NOTES_DATABASE_NAME);
  const template = await createNote({ title: 'template', content: 'body', tags: [] }, database);
  const rows: LocalNote[] = Array.from({ length: count }, (_, i) => ({
    ...template,
    id: `n${i}`,
    title: `Note ${i}`,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    deleted: deleted(i) ? 1 : 0,
  }));
  await database.notes.clear();
  await database.notes.bulkPut(rows);
  database.close();
}

describe('the shell first page script', () => {
  it('reads the newest live notes, newest first, stopping at the first screenful', async () => {
    // 1,000 notes; the 5 newest are deleted.
    await storeNotes(1_000, (i) => i >= 995);
    const steps = vi.spyOn(IDBCursor.prototype, 'continue');
    const rows = (await runScript()) as LocalNote[];
    expect(rows.map((n) => n.title)).toEqual(
      Array.from({ length: FIRST_PAGE_SIZE }, (_, k) => `Note ${994 - k}`),
    );
    // One cursor step per row looked at: the deleted ones and the first screenful, not the 1,000.
    expect(steps.mock.calls.length).toBeLessThanOrEqual(FIRST_PAGE_SIZE + 5);
  });

  it('hands its rows to the first render only', async () => {
    await storeNotes(3, () => false);
    await runScript();
    expect(shellFirstPage()?.map((n) => n.title)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect(shellFirstPage()).not.toBeNull(); // a render repeated (strict mode) sees the same rows
    dropShellFirstPage();
    expect(shellFirstPage()).toBeNull();
  });

  it('creates no database where there was none, and the app then opens its own', async () => {
    expect(await runScript()).toBeNull();
    expect(await NotesDatabase.exists(NOTES_DATABASE_NAME)).toBe(false);
    const database = new NotesDatabase(NOTES_DATABASE_NAME);
    await database.open();
    expect(database.verno).toBeGreaterThanOrEqual(12);
    database.close();
  });

  it('closes its connection, so an upgrade is never blocked', async () => {
    await storeNotes(2, () => false);
    await runScript();
    const blocked = vi.fn();
    const open = indexedDB.open(NOTES_DATABASE_NAME, 10_000);
    open.onblocked = blocked;
    await new Promise<void>((resolve, reject) => {
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = (event) => {
        event.preventDefault();
        resolve();
      };
      open.onsuccess = () => reject(new Error('the upgrade was not expected to complete'));
    });
    expect(blocked).not.toHaveBeenCalled();
  });

  it('reads nothing on other screens', async () => {
    await storeNotes(2, () => false);
    vi.stubGlobal('location', { pathname: '/settings' });
    const open = vi.spyOn(indexedDB, 'open');
    new Function(firstPageScript)();
    expect(open).not.toHaveBeenCalled();
    expect(holder[SHELL_FIRST_PAGE_KEY]).toBeUndefined();
  });

  it('lets the app wait for a read still under way, and not when there is none', async () => {
    await storeNotes(3, () => false);
    // No script ran (another screen, no IndexedDB): nothing to wait for.
    await whenShellFirstPageRead(60_000);
    new Function(firstPageScript)();
    expect(holder[SHELL_FIRST_PAGE_KEY]).toBeUndefined();
    // Under way: the wait ends when the rows are there, long before its limit.
    await whenShellFirstPageRead(60_000);
    expect(shellFirstPage()?.map((n) => n.title)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    // Done: at once.
    await whenShellFirstPageRead(60_000);
  });

  it('stops waiting after its limit when the read never ends', async () => {
    vi.useFakeTimers();
    try {
      holder[SHELL_FIRST_PAGE_WAITS] = [];
      const waited = whenShellFirstPageRead(250);
      let done = false;
      void waited.then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(249);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the early first page of a device that never finished a sync', () => {
  beforeEach(() => htmlAttributes.add(OWNER_PAGE_ATTRIBUTE));

  it('is the engine’s own first request: the feed from the start, a small first page, with the session', () => {
    expect(FIRST_FEED_PAGE_URL).toBe(`${API.noteChanges}?limit=${FIRST_SYNC_FIRST_PAGE}`);
  });

  it('is asked for at once on the owner’s page of a device that never stored a cursor, and holds the parsed answer', async () => {
    const page = { notes: [], deleted: [], cursor: '7', more: true, total: 300 };
    answer = async () => Response.json(page);
    new Function(firstPageScript)();
    // Before IndexedDB has even answered the open.
    expect(fetched).toEqual([
      { url: FIRST_FEED_PAGE_URL, init: { credentials: 'include', cache: 'no-store' } },
    ]);
    await vi.waitFor(() => expect(holder[SHELL_FIRST_PAGE_KEY]).toBeNull());
    expect(await holder[EARLY_FEED_KEY]).toEqual(page);
    expect(fetched).toHaveLength(1);
    // Still no database: the app creates it with its schema.
    expect(await NotesDatabase.exists(NOTES_DATABASE_NAME)).toBe(false);
  });

  it('is asked for beside the read of a database that has notes but no cursor yet (made offline)', async () => {
    await storeNotes(2, () => false);
    const rows = (await runScript()) as LocalNote[];
    expect(rows.map((n) => n.title)).toEqual(['Note 1', 'Note 0']);
    expect(fetched).toHaveLength(1);
  });

  it('is not asked for on a device whose sync has stored its cursor', async () => {
    await storeNotes(2, () => false);
    storage.set(FEED_CURSOR_MARK, '1');
    expect(((await runScript()) as LocalNote[]).length).toBe(2);
    expect(fetched).toEqual([]);
    expect(holder[EARLY_FEED_KEY]).toBeUndefined();
  });

  it('is asked for when the database is gone though the device had stored a cursor (evicted)', async () => {
    storage.set(FEED_CURSOR_MARK, '1');
    new Function(firstPageScript)();
    expect(fetched).toEqual([]);
    await vi.waitFor(() => expect(holder[SHELL_FIRST_PAGE_KEY]).toBeNull());
    expect(fetched).toHaveLength(1);
  });

  it('is not asked for on a page rendered for nobody signed in, nor offline, nor on another screen', async () => {
    htmlAttributes.clear();
    await runScript();
    delete holder[SHELL_FIRST_PAGE_KEY];
    htmlAttributes.add(OWNER_PAGE_ATTRIBUTE);
    vi.stubGlobal('navigator', { onLine: false });
    await runScript();
    delete holder[SHELL_FIRST_PAGE_KEY];
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('location', { pathname: '/settings' });
    new Function(firstPageScript)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).toEqual([]);
    expect(holder[EARLY_FEED_KEY]).toBeUndefined();
  });

  it('leaves null for a refusal, a failure or a body that is not JSON (the engine then asks itself)', async () => {
    const failures: Array<() => Promise<Response>> = [
      async () => Response.json({ message: 'Not authenticated' }, { status: 401 }),
      async () => Response.json({ message: 'Internal server error' }, { status: 500 }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ];
    for (const failure of failures) {
      answer = failure;
      delete holder[SHELL_FIRST_PAGE_KEY];
      delete holder[EARLY_FEED_KEY];
      await runScript();
      expect(await holder[EARLY_FEED_KEY]).toBeNull();
    }
    expect(fetched).toHaveLength(failures.length);
  });
});
