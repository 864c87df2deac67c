// The backup schedule when the disk fills: the failure cannot even be recorded, yet the schedule goes on,
// the status shows the real last attempt and a next run in the future, a later run succeeds by itself, and
// `.partial` files left by a backup that never finished are cleared.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { JobRunner } from '../jobs/job-runner.ts';
import { EmbeddedStore } from '../storage/index.ts';
import type { JournalFault } from '../storage/journal.ts';
import { BackupService } from './backup-service.ts';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('keeps running after the disk filled and the failure could not be recorded', async () => {
  const logged: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pn-backup-sched-'));
  dirs.push(dataDir);
  const backupDir = path.join(dataDir, 'backups');
  const disk = { full: false, fillsDuringBackup: false };
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  const journalFault: JournalFault = () => (disk.full ? { written: 0, error: enospc() } : undefined);
  const store = await EmbeddedStore.open(dataDir, { journalFault });
  const jobs = new JobRunner(store, undefined, null, 100);
  const backups = new BackupService({
    store,
    dataDir,
    config: { dir: backupDir, keep: 20, intervalMs: 300 },
    jobs,
    // The backup itself fills the disk: it fails, and so does every write after it.
    flushViews: async () => {
      if (!disk.fillsDuringBackup) return;
      disk.full = true;
      throw enospc();
    },
  });
  // A backup killed mid-write left this behind.
  await mkdir(backupDir, { recursive: true });
  const stale = path.join(backupDir, '.private-notes-backup-2026-01-01T00-00-00-000Z.zip.partial');
  await writeFile(stale, 'half a zip');
  try {
    await backups.start();
    jobs.start();
    expect(await stat(stale).catch(() => null)).toBeNull();
    const first = await waitFor('a first backup', () => backups.status().latest ?? undefined);
    expect(first.ok).toBe(true);

    disk.fillsDuringBackup = true;
    const failed = await waitFor('a failed attempt', () => {
      const last = backups.status().last;
      return last && !last.ok ? last : undefined;
    });
    expect(failed.error).toMatch(/disk .* is full/);
    // Not recorded (the store refuses writes), yet the screen shows it, and a next run that is to come.
    expect(store.getMeta<{ ok: boolean }>('backup.last')?.ok).toBe(true);
    const status = backups.status();
    expect(Date.parse(status.nextAt!)).toBeGreaterThanOrEqual(Date.now() - 50);
    await waitFor('a log line about the state', () =>
      logged.find((line) => /could not record its state/.test(line)),
    );

    disk.fillsDuringBackup = false;
    disk.full = false;
    const after = await waitFor('a backup after the disk came back', () => {
      const latest = store.getMeta<{ ok: boolean; at: string }>('backup.latest');
      return latest && latest.at > failed.at ? latest : undefined;
    });
    expect(after.ok).toBe(true);
    expect(backups.status().last!.ok).toBe(true);
    expect((await readdir(backupDir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  } finally {
    await jobs.stop();
    await store.close();
  }
});
