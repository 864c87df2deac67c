// store:check and store:repair: the damage is listed, the damaged files are copied aside, every intact
// record comes back, and what was lost is said.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createVault } from '@private-notes/shared/vault';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_FILE, SNAPSHOT_FILE, EmbeddedStore as Store } from './store.ts';
import { checkStore, repairStore } from './store-repair.ts';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const explanation = (concept: string) => ({
  concept,
  explanation: `about ${concept}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  userId: 1,
});

/** A folder whose journal holds writes one, two, three past the snapshot, with "two" damaged. */
async function damagedStore(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-repair-'));
  dirs.push(dir);
  const disk = { full: false };
  const enospc = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
  const store = await Store.open(dir, { snapshotFault: () => (disk.full ? enospc : undefined) });
  await store.write((tx) => tx.insert('explanations', explanation('zero')));
  await store.compact();
  for (const concept of ['one', 'two', 'three'])
    await store.write((tx) => tx.insert('explanations', explanation(concept)));
  // Closed (the folder's lock released) with the journal kept: the snapshot on close cannot be written.
  disk.full = true;
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  await store.close();
  log.mockRestore();
  const journal = path.join(dir, JOURNAL_FILE);
  const buf = await readFile(journal);
  const at = buf.indexOf('about two');
  buf[at] = 0x41;
  await writeFile(journal, buf);
  return dir;
}

describe('store:check', () => {
  it('lists the damaged record with its offset and write number, and changes nothing', async () => {
    const dir = await damagedStore();
    const before = await readFile(path.join(dir, JOURNAL_FILE));
    const check = await checkStore(dir);
    expect(check.healthy).toBe(false);
    expect(check.lines.join('\n')).toMatch(
      /data\.journal: DAMAGED record at byte \d+ \(\d+ bytes, checksum mismatch, write #3\)/,
    );
    expect(check.journal.records).toBe(2);
    expect(await readFile(path.join(dir, JOURNAL_FILE))).toEqual(before);
  });
});

describe('store:check and locked notes', () => {
  it('counts locked notes and says whether the vault header that opens them is there and well formed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-check-vault-'));
    dirs.push(dir);
    const { header, vault } = await createVault('check me', {
      cost: { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 },
    });
    const at = '2026-01-01T00:00:00.000Z';
    const note = (clientId: string, content: string) => ({
      title: '',
      content,
      tags: [],
      createdAt: at,
      updatedAt: at,
      userId: 1,
      version: 1,
      clientId,
      seq: 1,
    });
    const store = await Store.open(dir);
    await store.write((tx) => {
      tx.insert('notes', note('a', vault.lockNote('a', { title: 'T', content: 'secret', tags: [] })));
      tx.insert('notes', note('b', 'plain text'));
    });
    await store.close();
    // Locked notes and no header (a header deleted by hand, a partial restore): nobody can open them.
    expect((await checkStore(dir)).lines.join('\n')).toMatch(
      /locked notes of user #1: 1, but NO vault header: they cannot be opened\. Restore the vault header from a backup/,
    );

    const reopened = await Store.open(dir);
    const record = await reopened.write((tx) =>
      tx.insert('vaults', { userId: 1, header, version: 1, updatedAt: at }),
    );
    await reopened.close();
    const good = await checkStore(dir);
    expect(good.healthy).toBe(true);
    expect(good.lines).toContain('locked notes of user #1: 1; vault header version 1: well formed.');

    const again = await Store.open(dir);
    await again.write((tx) =>
      tx.update('vaults', record.id, { header: { ...header, recoveryWrap: 'not an envelope' }, version: 2 }),
    );
    await again.close();
    expect((await checkStore(dir)).lines.join('\n')).toMatch(
      /locked notes of user #1: 1; vault header version 2: DAMAGED \(The vault header is damaged: recoveryWrap: must be a locked value/,
    );
  });
});

describe('store:repair', () => {
  it('keeps copies, recovers every intact record, says what was lost, and the store opens', async () => {
    const dir = await damagedStore();
    const journalBefore = await readFile(path.join(dir, JOURNAL_FILE));
    const result = await repairStore(dir, new Date('2026-05-01T10:00:00Z'));
    expect(result.copies).toBe(path.join(dir, 'damaged-2026-05-01T10-00-00-000Z'));
    expect(await readFile(path.join(result.copies!, JOURNAL_FILE))).toEqual(journalBefore);
    expect(await readdir(result.copies!)).toEqual([JOURNAL_FILE, SNAPSHOT_FILE].sort());
    expect(result.recovered).toBe(2);
    expect(result.lost).toHaveLength(1);
    expect(result.lost[0]).toMatch(
      /write #3 \(checksum mismatch\) \(it touched explanations #3, contents unverified\)/,
    );
    const store = await Store.open(dir);
    expect(store.all('explanations').map((e) => e.concept)).toEqual(['zero', 'one', 'three']);
    await store.close();
    expect((await checkStore(dir)).healthy).toBe(true);
  });

  it('rebuilds from the journal when data.json is missing, saying what is lost', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-repair-'));
    dirs.push(dir);
    const store = await Store.open(dir);
    await store.write((tx) => tx.insert('explanations', explanation('kept')));
    await rm(path.join(dir, SNAPSHOT_FILE));
    const result = await repairStore(dir);
    expect(result.lost.join('\n')).toMatch(/data\.json was missing: everything written before .*#1/);
    const reopened = await Store.open(dir);
    expect(reopened.all('explanations').map((e) => e.concept)).toEqual(['kept']);
    await reopened.close();
  });

  it('runs as npm run store:check / store:repair', async () => {
    const dir = await damagedStore();
    const cli = path.resolve(import.meta.dirname, 'store-check-cli.ts');
    const check = await run(process.execPath, ['--import', 'tsx', cli, dir]).catch((error) => error);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/DAMAGED record at byte/);
    expect(check.stdout).toMatch(/npm run store:repair/);
    const repair = await run(process.execPath, ['--import', 'tsx', cli, dir, '--repair']);
    expect(repair.stdout).toMatch(/Copies of the files as they were: .*damaged-/);
    expect(repair.stdout).toMatch(/Recovered: the snapshot and 2 intact journal write\(s\)/);
    expect(repair.stdout).toMatch(/Lost:\n {2}data\.journal byte \d+: write #3/);
    const after = await run(process.execPath, ['--import', 'tsx', cli, dir]);
    expect(after.stdout).toMatch(/The store is healthy/);
  });
});
