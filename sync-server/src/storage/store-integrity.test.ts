// The store against damaged files: a torn journal tail is cut off (and said) before anything is appended,
// a flipped byte anywhere is caught by a checksum and stops the start with the file, the offset and the
// repair command (never the data), a missing snapshot is refused, and a write made during a compaction is
// acknowledged only once its own journal append is durable.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalFault } from './journal.ts';
import { JOURNAL_FILE, SNAPSHOT_FILE, StorageUnavailableError, EmbeddedStore as Store } from './store.ts';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-integrity-'));
  dirs.push(dir);
  return dir;
}

const explanation = (concept: string) => ({
  concept,
  explanation: `about ${concept}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  userId: 1,
});

/** A store with two journal records past its snapshot, abandoned as SIGKILL would (no close). */
async function crashedStore(): Promise<{ dir: string; journal: string }> {
  const dir = await tempDir();
  const store = await Store.open(dir);
  await store.write((tx) => tx.insert('explanations', explanation('first')));
  await store.write((tx) => tx.insert('explanations', explanation('second')));
  return { dir, journal: path.join(dir, JOURNAL_FILE) };
}

/** Flips the lowest bit of one byte of `needle`'s first occurrence in `file` (a `1` becomes a `0`). */
async function flipByteIn(file: string, needle: string, within = 0): Promise<void> {
  const buf = await readFile(file);
  const at = buf.indexOf(needle) + within;
  expect(at).toBeGreaterThan(within - 1);
  buf[at] = buf[at]! ^ 0x01;
  await writeFile(file, buf);
}

describe('a torn journal tail', () => {
  it('cut in half: cut off and logged at start, before anything is appended', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dir, journal } = await crashedStore();
    const text = await readFile(journal, 'utf8');
    const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
    await writeFile(journal, text.slice(0, lastStart + 40));
    // Restarted while the disk is still full: the start-up compaction fails, the journal is appended to.
    const full = { on: true };
    const enospc = () => Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
    const store = await Store.open(dir, { snapshotFault: () => (full.on ? enospc() : undefined) });
    expect(errors.mock.calls.join('\n')).toMatch(
      new RegExp(`data\\.journal ended with a torn record at byte ${lastStart} \\(40 bytes.*cut it off`),
    );
    expect(store.all('explanations').map((e) => e.concept)).toEqual(['first']);
    await store.write((tx) => tx.insert('explanations', explanation('after')));
    // Crash again: the record appended after the healed tail replays.
    const again = await Store.open(dir);
    expect(again.all('explanations').map((e) => e.concept)).toEqual(['first', 'after']);
    await again.close();
  });

  it('NUL-filled (a grown file never written): cut off and logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dir, journal } = await crashedStore();
    const buf = await readFile(journal);
    const lastStart = buf.lastIndexOf('\n', buf.length - 2) + 1;
    buf.fill(0, lastStart);
    await writeFile(journal, buf);
    const store = await Store.open(dir);
    expect(errors.mock.calls.join('\n')).toMatch(/torn record at byte \d+/);
    expect(store.all('explanations').map((e) => e.concept)).toEqual(['first']);
    await store.close();
  });
});

describe('damaged files', () => {
  it('a flipped byte in a journal record stops the start with the file, the offset and the repair', async () => {
    const { dir, journal } = await crashedStore();
    await flipByteIn(journal, 'about first');
    const before = await readFile(journal);
    const failure = Store.open(dir);
    await expect(failure).rejects.toThrow(
      /data\.journal is damaged at byte \d+ \(checksum mismatch.*npm run store:check.*npm run store:repair/,
    );
    // Nothing was changed, and a second attempt says the same.
    expect(await readFile(journal)).toEqual(before);
    await expect(Store.open(dir)).rejects.toThrow(/damaged/);
  });

  it('a flipped byte in the last complete record is damage, not a torn tail', async () => {
    const { dir, journal } = await crashedStore();
    await flipByteIn(journal, 'about second');
    await expect(Store.open(dir)).rejects.toThrow(/data\.journal is damaged at byte/);
  });

  it('a changed first byte of the last record is damage too, not a torn tail', async () => {
    const { dir, journal } = await crashedStore();
    const buf = await readFile(journal);
    buf[buf.lastIndexOf('\n~', buf.length - 2) + 1] = 0x7f;
    await writeFile(journal, buf);
    await expect(Store.open(dir)).rejects.toThrow(/data\.journal is damaged at byte \d+ \(unreadable bytes/);
  });

  it('a flipped digit in a record user id is caught', async () => {
    const { dir, journal } = await crashedStore();
    await flipByteIn(journal, '"userId":1', 9);
    await expect(Store.open(dir)).rejects.toThrow(/checksum mismatch/);
  });

  it('a flipped byte in the snapshot stops the start', async () => {
    const { dir } = await crashedStore();
    const settled = await Store.open(dir);
    await settled.close();
    await flipByteIn(path.join(dir, SNAPSHOT_FILE), 'about second');
    await expect(Store.open(dir)).rejects.toThrow(
      /data\.json is damaged: its checksum does not match its contents\..*store:repair/,
    );
  });

  it('a snapshot that is not JSON is refused without printing what it holds', async () => {
    const dir = await tempDir();
    const secret = '$argon2id$v=19$m=65536$secret-password-hash';
    await writeFile(path.join(dir, SNAPSHOT_FILE), `{"format":1,"seq":3,"meta":{"hash":"${secret}"},`);
    const failure = await Store.open(dir).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/data\.json is damaged: not valid JSON/);
    expect((failure as Error).message).not.toContain('argon2id');
    expect((failure as Error).message).not.toContain('format');
  });

  it('a missing data.json with a journal present is refused, not started as a smaller store', async () => {
    const { dir } = await crashedStore();
    await rm(path.join(dir, SNAPSHOT_FILE));
    await expect(Store.open(dir)).rejects.toThrow(
      /data\.json is missing but data\.journal holds 2 write\(s\).*store:repair/,
    );
  });

  it('still reads a journal written before checksums (one JSON line per record), and appends after it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dir = await tempDir();
    await (await Store.open(dir)).close();
    const line = (s: number) => `${JSON.stringify({ s, ops: [{ o: 'meta', k: `k${s}`, v: s }] })}\n`;
    await writeFile(path.join(dir, JOURNAL_FILE), `${line(1)}${line(2)}`);
    // The start-up compaction fails (its temporary file's name is taken): old and new records share the file.
    await mkdir(path.join(dir, 'data.json.tmp'));
    const store = await Store.open(dir);
    expect([store.getMeta('k1'), store.getMeta('k2')]).toEqual([1, 2]);
    await store.write((tx) => tx.setMeta('k3', 3));
    expect(await readFile(path.join(dir, JOURNAL_FILE), 'utf8')).toMatch(
      /^\{"s":1.*\n\{"s":2.*\n~\d+ [0-9a-f]{8} \{"s":3/,
    );
    const reopened = await Store.open(dir);
    expect([1, 2, 3].map((n) => reopened.getMeta(`k${n}`))).toEqual([1, 2, 3]);
    await rm(path.join(dir, 'data.json.tmp'), { recursive: true });
    await reopened.close();
  });
});

describe('a write made while a snapshot is being written', () => {
  it('is refused when its own journal append fails, and is not there after a restart', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dir = await tempDir();
    const disk = { full: false };
    const fault: JournalFault = () =>
      disk.full ? { written: 5, error: Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }) } : undefined;
    const store = await Store.open(dir, { journalFault: fault });
    await store.write((tx) => tx.insert('explanations', explanation('before')));
    // The compaction takes its snapshot now and writes it; this write lands in memory meanwhile.
    const compaction = store.compact();
    const during = store.write((tx) => tx.insert('explanations', explanation('during')));
    disk.full = true;
    await compaction;
    await expect(during).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(store.all('explanations').map((e) => e.concept)).toEqual(['before']);
    disk.full = false;
    const reopened = await Store.open(dir);
    expect(reopened.all('explanations').map((e) => e.concept)).toEqual(['before']);
    await reopened.close();
  });
});
