// The store when the disk refuses a journal append (injected: part of the bytes written, then ENOSPC or
// EROFS): the refused transactions are undone in memory and rejected, acknowledged ones stay, the torn
// bytes are cut off, and the next write succeeds once the disk does.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal, type JournalFault } from './journal.ts';
import { JOURNAL_FILE, StorageUnavailableError, EmbeddedStore as Store } from './store.ts';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A store whose appends fail while `disk.full` is set, after writing `disk.written` bytes of each. */
async function storeWithDisk() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-store-fail-'));
  dirs.push(dir);
  const disk = { full: false, code: 'ENOSPC', written: 10 };
  const fault: JournalFault = () =>
    disk.full
      ? {
          written: disk.written,
          error: Object.assign(new Error(`${disk.code}: injected`), { code: disk.code }),
        }
      : undefined;
  const store = await Store.open(dir, { journalFault: fault });
  return { dir, disk, store, fault };
}

const explanation = (concept: string) => ({
  concept,
  explanation: `about ${concept}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  userId: 1,
});

describe('a journal append the disk refuses', () => {
  it('undoes and rejects the refused transactions, queued ones included, and keeps acknowledged ones', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, disk } = await storeWithDisk();
    const kept = await store.write((tx) => tx.insert('explanations', explanation('kept')));
    disk.full = true;
    const refused = [
      store.write((tx) => tx.insert('explanations', explanation('lost 1'))),
      store.write((tx) => tx.update('explanations', kept.id, { concept: 'edited' })),
      store.write((tx) => tx.insert('explanations', explanation('lost 2'))),
      store.write(() => 'a read that waits for the writes before it'),
    ];
    const results = await Promise.allSettled(refused);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(StorageUnavailableError);
      expect(reason.message).toBe(
        'The server could not save this change: its disk is full. Nothing was saved; try again later.',
      );
    }
    expect(store.all('explanations').map((e) => e.concept)).toEqual(['kept']);
    // Undoing is a change of its own: a sequence number none of the refused writes had (caches keyed by
    // the store's sequence number must not serve what was undone).
    const refusedSeq = store.seq;
    expect(refusedSeq).toBe(5); // 1 kept, 2 to 4 refused, 5 the undoing
    expect(errors.mock.calls.join('\n')).toMatch(/cannot write to .* \(ENOSPC: ENOSPC: injected\)/);

    disk.code = 'EROFS';
    await expect(store.write((tx) => tx.setMeta('k', 1))).rejects.toThrow('its data folder is read-only');

    disk.full = false;
    const after = await store.write((tx) => tx.insert('explanations', explanation('after')));
    expect(after.id).toBe(2);
    expect(store.seq).toBeGreaterThan(refusedSeq);
    expect(store.durableSeq).toBe(store.seq);
    expect(errors.mock.calls.at(-1)?.join(' ')).toMatch(
      /writes succeed again after \d+ s; 5 write\(s\) were refused/,
    );
    await store.close();
  });

  it('cuts off the torn bytes, so the journal replays cleanly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dir, disk, store } = await storeWithDisk();
    await store.write((tx) => tx.insert('explanations', explanation('one')));
    disk.full = true;
    await expect(store.write((tx) => tx.insert('explanations', explanation('torn')))).rejects.toThrow();
    expect(await readFile(path.join(dir, JOURNAL_FILE), 'utf8')).toMatch(/\n~\d+ [0-9a-f]+$/);
    disk.full = false;
    await store.write((tx) => tx.insert('explanations', explanation('two')));
    // What a restart after a crash would replay: both records, nothing damaged, no torn tail.
    const replay = await new Journal(path.join(dir, JOURNAL_FILE)).readAll();
    expect(replay.records.map((r) => r.s)).toEqual([1, 4]); // 2 was refused; its number is not reused
    expect(replay.tornTail).toBe(false);
    await store.close();
    const reopened = await Store.open(dir);
    expect(reopened.all('explanations').map((e) => e.concept)).toEqual(['one', 'two']);
    await reopened.close();
  });

  it('drops a record whose bytes were written but not made durable (fsync failed), never replaying it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dir, disk, store } = await storeWithDisk();
    await store.write((tx) => tx.insert('explanations', explanation('one')));
    disk.full = true;
    disk.code = 'EIO';
    disk.written = 1_000_000; // the whole record reached the file, then the fsync failed
    await expect(store.write((tx) => tx.insert('explanations', explanation('not durable')))).rejects.toThrow(
      'its disk failed (EIO)',
    );
    disk.full = false;
    await store.write((tx) => tx.insert('explanations', explanation('two')));
    const replay = await new Journal(path.join(dir, JOURNAL_FILE)).readAll();
    expect(replay.records.map((r) => r.s)).toEqual([1, 4]); // 2 was refused; its number is not reused
    await store.close();
    const reopened = await Store.open(dir);
    expect(reopened.all('explanations').map((e) => e.concept)).toEqual(['one', 'two']);
    await reopened.close();
  });
});
