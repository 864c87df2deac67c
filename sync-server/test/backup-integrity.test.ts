// What a restore can be trusted with: captured mail travels in the backup (the Outbox's messages still open
// after a restore), an archive whose manifest was removed is refused unless asked for explicitly as an old
// one, and a restore that fails for any reason (here: data the store refuses, a duplicate client id) leaves
// the target folder exactly as it was.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../src/backup/restore-backup.ts';
import { verifyBackupFile } from '../src/backup/verify-backup.ts';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';
import { startMailTestServer } from './mail-helpers.ts';

let source: TestServer;
let cookie: string;
let workDir: string;
let archive: string;

beforeAll(async () => {
  workDir = await makeTempDir('pn-backup-integrity-');
  source = await startMailTestServer();
  cookie = await source.login();
  await source.api('POST', '/api/notes', {
    cookie,
    body: { title: 'One', content: 'x', tags: [], clientId: 'c-one' },
  });
  // A confirmation mail, captured into DATA_DIR/mail (no SMTP in tests).
  const subscribed = await source.api('POST', '/api/subscribe', {
    body: { email: 'reader@example.com', name: 'Rea', interests: [] },
  });
  expect(subscribed.status).toBeLessThan(300);
  // Sent (captured) in the background.
  for (let i = 0; source.handle.store.count('mailOutbox') === 0 && i < 200; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  const res = await fetch(`${source.url}/api/admin/backup`, { headers: { cookie } });
  expect(res.status).toBe(200);
  archive = path.join(workDir, 'backup.zip');
  await writeFile(archive, new Uint8Array(await res.arrayBuffer()));
});

afterAll(async () => {
  await source.close();
  await rm(workDir, { recursive: true, force: true });
});

/** The archive rebuilt with `change` applied to its files, with a manifest that matches (or none). */
async function rebuilt(
  name: string,
  change: (files: Record<string, Uint8Array>) => void,
  manifest: 'rewrite' | 'drop',
): Promise<string> {
  const files = unzipSync(await readFile(archive));
  change(files);
  delete files['manifest.json'];
  if (manifest === 'rewrite') {
    const entries = Object.entries(files).map(([entry, bytes]) => ({
      name: entry,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    }));
    files['manifest.json'] = strToU8(
      JSON.stringify({ format: 'private-notes-backup', createdAt: new Date().toISOString(), entries }),
    );
  }
  const file = path.join(workDir, name);
  await writeFile(file, zipSync(files));
  return file;
}

describe('captured mail', () => {
  it('is in the backup and comes back with a restore', async () => {
    const outbox = source.handle.store.all('mailOutbox');
    expect(outbox.length).toBeGreaterThan(0);
    const file = outbox[0]!.file as string;
    const original = await readFile(path.join(source.dataDir, 'mail', file));
    const verified = await verifyBackupFile(archive);
    expect(verified.mail).toContain(`mail/${file}`);
    const target = path.join(workDir, 'with-mail');
    await restoreBackup(archive, target);
    expect(await readFile(path.join(target, 'mail', file))).toEqual(original);
  });
});

describe('the restore epoch', () => {
  it('is new after a restore, in the changes feed and its header, so devices can tell', async () => {
    const before = await source.api('GET', '/api/notes/changes?since=0', { cookie });
    expect(before.body.restoreEpoch).toBe('original');
    expect(before.headers.get('x-restore-epoch')).toBe('original');
    const target = path.join(workDir, 'epoch');
    await restoreBackup(archive, target);
    const restored = await startTestServer({ dataDir: target, databaseUrl: null });
    try {
      // The session came back with the data.
      const after = await restored.api('GET', '/api/notes/changes?since=0', { cookie });
      expect(after.status).toBe(200);
      expect(after.body.restoreEpoch).toMatch(/^[0-9a-f-]{36}$/);
      expect(after.headers.get('x-restore-epoch')).toBe(after.body.restoreEpoch);
      // Each restore is a line of history of its own.
      const again = path.join(workDir, 'epoch-again');
      await restoreBackup(archive, again);
      const second = await startTestServer({ dataDir: again, databaseUrl: null });
      try {
        const other = await second.api('GET', '/api/notes/changes?since=0', { cookie });
        expect(other.body.restoreEpoch).not.toBe(after.body.restoreEpoch);
      } finally {
        await second.close({ keepData: true });
      }
    } finally {
      await restored.close({ keepData: true });
    }
  });
});

describe('an archive without its manifest', () => {
  it('is refused by verify and restore, unless asked for as an old-format backup', async () => {
    const bare = await rebuilt('no-manifest.zip', () => {}, 'drop');
    await expect(verifyBackupFile(bare)).rejects.toThrow(/manifest\.json is missing .*--without-manifest/);
    const target = path.join(workDir, 'no-manifest');
    await expect(restoreBackup(bare, target)).rejects.toThrow(/manifest\.json is missing/);
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    const old = await verifyBackupFile(bare, { withoutManifest: true });
    expect(old.hasManifest).toBe(false);
  });

  it('with an edited note and its manifest removed is refused (it cannot pass as an old backup)', async () => {
    const edited = await rebuilt(
      'edited.zip',
      (files) => {
        files['backup.json'] = strToU8(strFromU8(files['backup.json']!).replace('"One"', '"Forged"'));
      },
      'drop',
    );
    await expect(restoreBackup(edited, path.join(workDir, 'edited'))).rejects.toThrow(
      /manifest\.json is missing/,
    );
  });
});

describe('a restore that fails', () => {
  /** A whole, consistent archive whose data the store refuses: two notes with one client id. */
  const duplicate = () =>
    rebuilt(
      'duplicate.zip',
      (files) => {
        const data = JSON.parse(strFromU8(files['backup.json']!));
        const notes = data.snapshot.collections.notes as { id: number }[];
        notes.push({ ...notes[0]!, id: 999 });
        data.snapshot.counters.notes = 999;
        files['backup.json'] = strToU8(JSON.stringify(data));
      },
      'rewrite',
    );

  it('leaves a new target folder uncreated, and nothing beside it', async () => {
    const bad = await duplicate();
    expect((await verifyBackupFile(bad)).hasManifest).toBe(true);
    const parent = path.join(workDir, 'dup-parent');
    await mkdir(parent);
    const target = path.join(parent, 'data');
    await expect(restoreBackup(bad, target)).rejects.toThrow(/cannot be loaded .*nothing was restored/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('leaves an occupied target untouched even with --force', async () => {
    const bad = await duplicate();
    const parent = path.join(workDir, 'dup-occupied');
    const target = path.join(parent, 'data');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'data.json'), '{"precious":true}');
    await expect(restoreBackup(bad, target, { force: true })).rejects.toThrow(/nothing was restored/);
    expect(await readdir(parent)).toEqual(['data']);
    expect(await readdir(target)).toEqual(['data.json']);
    expect(await readFile(path.join(target, 'data.json'), 'utf8')).toBe('{"precious":true}');
  });
});
