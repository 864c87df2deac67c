// The shell's read of the first screenful (the inline script, run as the page runs it) against real IndexedDB
// semantics: the newest live notes in order, at most FIRST_PAGE_SIZE, read by the index a row at a time and
// stopping there (not every note); no database is created where there was none; its connection is closed, so
// the app's own open and a later upgrade are never blocked.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dropShellFirstPage,
  FIRST_PAGE_SIZE,
  firstPageScript,
  NOTES_DATABASE_NAME,
  SHELL_FIRST_PAGE_KEY,
  SHELL_FIRST_PAGE_WAITS,
  shellFirstPage,
  whenShellFirstPageRead,
} from './first-page-script.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote } from './notes-store.ts';
import type { LocalNote } from './types.ts';

const holder = globalThis as unknown as Record<string, unknown>;

beforeEach(() => {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { pathname: '/notes' });
  delete holder[SHELL_FIRST_PAGE_KEY];
  delete holder[SHELL_FIRST_PAGE_WAITS];
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete holder[SHELL_FIRST_PAGE_KEY];
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
