// Scheduled backups: the server writes one by itself on its interval, verifies it, keeps the newest
// BACKUP_KEEP, shows how it went on GET /api/admin/backups and offers the newest for download; the file
// restores into a server with the same notes and attachment bytes. A folder it cannot write to shows as a
// failure with its reason (and in the log). On PostgreSQL (the second project) two instances on one database
// share the schedule: only one writes each backup.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupStatus } from '@private-notes/shared';
import { afterEach, expect, it, vi } from 'vitest';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { verifyBackupBytes, verifyBackupFile } from '../src/backup/verify-backup.ts';
import { getBytes, png, sha256Of, upload } from './attachment-fixtures.ts';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';
import { createTestDatabase, dropTestDatabase, TEST_STORE } from './test-database.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) await s.close();
});

async function start(backups: { dir: string; keep?: number; intervalMs: number }, databaseUrl?: string) {
  const s = await startTestServer({
    backups: { keep: 7, ...backups },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  servers.push(s);
  return s;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const zips = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.zip')).sort();

it('a backup appears by itself, verifies, is offered for download, restores, and only BACKUP_KEEP stay', async () => {
  const dir = path.join(await makeTempDir('pn-backups-'), 'backups');
  const s = await start({ dir, keep: 2, intervalMs: 400 });
  const cookie = await s.login();
  await s.api('POST', '/api/notes', { cookie, body: { title: 'Nightly', content: 'kept safe', tags: [] } });
  const image = await png(20, 10);
  expect((await upload(s, cookie, image)).status).toBe(201);
  const written = new Date().toISOString();

  // The first run may come before the note: wait for one started after it.
  const status = await waitFor('a verified backup', async () => {
    const res = await s.api('GET', '/api/admin/backups', { cookie });
    expect(res.status).toBe(200);
    const body = res.body as BackupStatus;
    return body.latest && body.latest.at > written ? body : undefined;
  });
  expect(status).toMatchObject({
    scheduled: true,
    keep: 2,
    latestHere: true,
    last: { ok: true, verified: true, error: null },
  });
  expect(status.nextAt).not.toBeNull();
  const file = path.join(dir, status.latest!.file!);
  const verified = await verifyBackupFile(file);
  expect(verified.bytes).toBe(status.latest!.size);
  expect(verified.hasManifest).toBe(true);
  expect(status.latest!.pauseMs).toBeGreaterThanOrEqual(0);

  const download = await getBytes(`${s.url}/api/admin/backups/latest`, { cookie });
  expect(download.status).toBe(200);
  // Runs go on every 400 ms: the download is the newest at its time, which may be a later one.
  const name = /^attachment; filename="(private-notes-backup-[^"]+\.zip)"$/.exec(
    download.headers.get('content-disposition') ?? '',
  )?.[1];
  expect(name! >= status.latest!.file!).toBe(true);
  const downloaded = await verifyBackupBytes(download.bytes);
  expect(downloaded.data!.snapshot.collections.notes?.map((n) => n.title)).toEqual(['Nightly']);
  expect((await s.api('GET', '/api/admin/backups/latest')).status).toBe(401);

  const dataDir = path.join(await makeTempDir('pn-restored-'), 'data');
  await restoreBackup(file, dataDir);
  const restored = await startTestServer({ dataDir, databaseUrl: null });
  servers.push(restored);
  const notes = (await restored.api('GET', '/api/notes', { cookie })).body as Array<{ title: string }>;
  expect(notes.map((n) => n.title)).toEqual(['Nightly']);
  const bytes = await getBytes(`${restored.url}/api/attachments/${sha256Of(image)}`, { cookie });
  expect(bytes.bytes.equals(image)).toBe(true);

  // Later runs go on by themselves; the oldest are removed beyond BACKUP_KEEP.
  const seen = new Set<string>();
  await waitFor('three backups', async () => {
    for (const name of await zips(dir)) seen.add(name);
    return seen.size >= 3 ? true : undefined;
  });
  await waitFor('pruning to two', async () => ((await zips(dir)).length === 2 ? true : undefined));
});

it('a folder it cannot write to is a failure shown with its reason and logged; "back up now" retries', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const parent = await makeTempDir('pn-backups-bad-');
  await writeFile(path.join(parent, 'a-file'), 'not a folder');
  const dir = path.join(parent, 'a-file', 'backups');
  const s = await start({ dir, intervalMs: 300 });
  const cookie = await s.login();
  const status = await waitFor('a failed backup', async () => {
    const body = (await s.api('GET', '/api/admin/backups', { cookie })).body as BackupStatus;
    return body.last ? body : undefined;
  });
  expect(status.last).toMatchObject({
    ok: false,
    verified: false,
    file: null,
    error: `cannot write to ${dir} (it is not a folder)`,
  });
  expect(status.latest).toBeNull();
  expect(errors).toHaveBeenCalledWith(`Scheduled backup failed: cannot write to ${dir} (it is not a folder)`);
  expect((await s.api('GET', '/api/admin/backups/latest', { cookie })).status).toBe(404);

  // Pointed at a folder it can write to, "back up now" writes one at once.
  s.config.backups.dir = path.join(parent, 'fixed');
  const now = await s.api('POST', '/api/admin/backups', { cookie });
  expect(now.status).toBe(200);
  expect(now.body).toMatchObject({ last: { ok: true, verified: true }, latest: { ok: true } });
  expect(await zips(path.join(parent, 'fixed'))).toEqual([now.body.latest.file]);
});

it('BACKUP_INTERVAL_HOURS=0: nothing is scheduled, and "back up now" still writes a verified one', async () => {
  const dir = path.join(await makeTempDir('pn-backups-off-'), 'backups');
  const s = await start({ dir, intervalMs: 0 });
  const cookie = await s.login();
  expect(s.handle.store.lookup('jobs', 'key', 'scheduled-backup')).toBeUndefined();
  const status = (await s.api('GET', '/api/admin/backups', { cookie })).body as BackupStatus;
  expect(status).toMatchObject({
    scheduled: false,
    last: null,
    latest: null,
    latestHere: false,
    nextAt: null,
  });
  const now = await s.api('POST', '/api/admin/backups', { cookie });
  expect(now.body.latest).toMatchObject({ ok: true, verified: true });
  await verifyBackupFile(path.join(dir, now.body.latest.file));
});

it.runIf(TEST_STORE === 'postgres')(
  'two instances on one database: one schedule, each backup written by one of them',
  async () => {
    const databaseUrl = await createTestDatabase();
    try {
      const dirA = path.join(await makeTempDir('pn-backups-a-'), 'backups');
      const dirB = path.join(await makeTempDir('pn-backups-b-'), 'backups');
      const interval = 500;
      await start({ dir: dirA, intervalMs: interval }, databaseUrl);
      await start({ dir: dirB, intervalMs: interval }, databaseUrl);
      const all = async () => [...(await zips(dirA)), ...(await zips(dirB))].sort();
      await waitFor('four backups', async () => ((await all()).length >= 4 ? true : undefined), 30_000);
      // File names carry their start time: two instances writing the same backup would start together.
      const times = (await all()).map((n) =>
        Date.parse(
          n.replace(/^private-notes-backup-(\d+-\d+-\d+T\d+)-(\d+)-(\d+)-(\d+)Z\.zip$/, '$1:$2:$3.$4Z'),
        ),
      );
      // Each instance offers the newest for download only when it is the one holding the file.
      const [a, b] = servers;
      // No further runs while both are asked (the schedule's job is on each mail job runner).
      await a!.handle.services.mail.jobs.stop();
      await b!.handle.services.mail.jobs.stop();
      await a!.handle.store.refresh();
      await b!.handle.store.refresh();
      const cookie = await a!.login();
      const here = await Promise.all(
        [a!, b!].map(
          async (s) => (await s.api('GET', '/api/admin/backups', { cookie })).body as BackupStatus,
        ),
      );
      const newest = here[0]!.latest!.file!;
      expect(here[0]!.latest!.file).toBe(here[1]!.latest!.file);
      expect([here[0]!.latestHere, here[1]!.latestHere]).toEqual([
        (await zips(dirA)).includes(newest),
        (await zips(dirB)).includes(newest),
      ]);
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(interval - 50);
    } finally {
      for (const s of servers.splice(0)) await s.close();
      await dropTestDatabase(databaseUrl);
    }
  },
  60_000,
);
