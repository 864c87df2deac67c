// Backup and restore by round trip: a server holding something in every collection (and an attachments
// folder) is backed up over HTTP while it runs; the archive restored into a fresh DATA_DIR gives a server whose
// API answers are identical for every collection, and whose store is identical record for record. A damaged
// archive (one flipped byte of an attachment, a rebuilt zip whose bytes disagree with the manifest) is refused
// by restore and by `--verify`, naming the entry and changing nothing. On PostgreSQL (the second project) the
// source server keeps its data in a database and the backup restores into an embedded DATA_DIR.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestoreError, restoreBackup } from '../src/backup/restore-backup.ts';
import { verifyBackupFile } from '../src/backup/verify-backup.ts';
import { COLLECTION_NAMES } from '../src/storage/index.ts';
import { getBytes, png, sha256Of, upload } from './attachment-fixtures.ts';
import { createPost } from './blog-fixtures.ts';
import { makeTempDir, startTestServer, type TestServer } from './helpers.ts';
import { seedSubscribers, waitForSend } from './mail-helpers.ts';
import { TEST_STORE } from './test-database.ts';
import { lockedText, makeVault } from './vault-fixtures.ts';

let source: TestServer;
let cookie: string;
let archive: string;
let workDir: string;
let image: Buffer;
let imageEntry: string;

async function populate(s: TestServer) {
  const note = (
    await s.api('POST', '/api/notes', {
      cookie,
      body: { title: 'Kept', content: 'v1', tags: ['a'], clientId: 'c-kept' },
    })
  ).body;
  await s.api('PUT', `/api/notes/${note.id}`, { cookie, body: { content: 'v2', baseVersion: 1 } }); // a revision
  const gone = (
    await s.api('POST', '/api/notes', { cookie, body: { title: 'Gone', content: 'x', clientId: 'c-gone' } })
  ).body;
  await s.api('DELETE', `/api/notes/${gone.id}?version=1`, { cookie }); // a tombstone
  // Locked notes (issue 34): the vault header, and a locked note whose ciphertext must come back unchanged.
  const made = await makeVault();
  expect(
    (await s.api('PUT', '/api/vault', { cookie, body: { header: made.header, baseVersion: 0 } })).status,
  ).toBe(200);
  const locked = await s.api('POST', '/api/notes', {
    cookie,
    body: {
      title: '',
      content: lockedText(made, 'c-locked', { title: 'Locked', content: 'kept sealed' }),
      clientId: 'c-locked',
    },
  });
  expect(locked.status).toBe(201);
  await s.api('PUT', '/api/user/settings', {
    cookie,
    body: { ...DEFAULT_SETTINGS, theme: 'dark', displayName: 'Ada' },
  });
  const post = await createPost(s, cookie, {
    title: 'Hello world',
    content: 'Post body',
    published: true,
    sourceNoteId: note.id,
  });
  const comment = await s.api('POST', `/api/blog/${post.id}/comments`, {
    body: { author: 'Ann', email: 'ann@example.com', content: 'Nice' },
  });
  await s.api('PUT', `/api/comments/${comment.body.id}/approve`, { cookie });
  await s.api('POST', '/api/subscribe', {
    body: { email: 'reader@example.com', name: 'Rea', interests: ['tech'] },
  });
  await s.api('POST', '/api/ai/explain', { cookie, body: { concept: 'Fermentation' } });
  await s.api('POST', '/api/reviews', {
    cookie,
    body: {
      reviews: [
        { id: 'r-1', cardId: 'fc-1', noteId: 'c-kept', rating: 3, reviewedAt: '2026-11-20T10:00:00.000Z' },
      ],
    },
  });
  await s.api('POST', '/api/cards', {
    cookie,
    body: {
      changes: [
        {
          op: 'put',
          change: 'ch-1',
          baseVersion: 0,
          card: {
            kind: 'flashcard',
            id: 'fc-1',
            noteId: 'c-kept',
            question: 'Kept?',
            answer: 'Yes',
            cloze: null,
            origin: 'manual',
            edited: false,
            suspended: false,
          },
        },
      ],
    },
  });
  await s.api('POST', `/api/blog/${post.id}/view`);
  // Settings › Site.
  const site = await s.api('PUT', '/api/admin/site', {
    cookie,
    body: {
      title: 'Kept Notes',
      tagline: 'Restored whole',
      categories: [{ name: 'Cooking', tags: ['recipe'] }],
      contactEmail: 'owner@example.com',
      socialLinks: [{ network: 'Mastodon', url: 'https://mastodon.example/@owner' }],
    },
  });
  expect(site.status).toBe(200);
  // The mail collections: a captured confirmation (above), and a newsletter issue with its job and recipient.
  await seedSubscribers(s, 1, 'issue-reader');
  const sent = await s.api('POST', `/api/admin/blog/${post.id}/newsletter`, {
    cookie,
    body: { recipients: 1 },
  });
  expect(sent.status).toBe(202);
  await waitForSend(s, cookie, post.id);
  // Sign-in: a spent passkey challenge, and a passkey record as a registration leaves them.
  expect((await s.api('POST', '/api/login/passkey/options')).status).toBe(200);
  await s.handle.store.write((tx) => {
    tx.insert('authChallenges', {
      challenge: 'c3BlbnQtY2hhbGxlbmdl',
      purpose: 'login',
      userId: null,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    tx.insert('passkeys', {
      userId: 1,
      name: 'Laptop',
      credentialId: 'Y3JlZGVudGlhbC0x',
      publicKey: 'cHVibGljLWtleQ',
      counter: 0,
      transports: ['internal'],
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
    });
  });
}

/** Every API answer that shows a collection, as the owner and as a visitor. */
async function answers(s: TestServer, session: string) {
  const notes = (await s.api('GET', '/api/notes', { cookie: session })).body as Array<{ id: number }>;
  const posts = (await s.api('GET', '/api/admin/blog', { cookie: session })).body as Array<{ id: number }>;
  const paths = [
    '/api/user',
    '/api/user/settings',
    '/api/notes',
    '/api/notes/changes',
    ...notes.flatMap((n) => [`/api/notes/${n.id}`, `/api/notes/${n.id}/revisions`]),
    '/api/admin/blog',
    '/api/blog',
    '/api/blog/tags',
    ...posts.flatMap((p) => [`/api/blog/${p.id}`, `/api/blog/${p.id}/comments`]),
    '/api/admin/subscribers',
    '/api/ai/explanations',
    '/api/reviews',
    '/api/cards',
    '/api/site',
    '/api/admin/site',
    '/api/vault',
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) {
    const res = await s.api('GET', p, { cookie: session });
    out[p] = { status: res.status, body: res.body };
  }
  return out;
}

beforeAll(async () => {
  workDir = await makeTempDir('pn-backup-');
  source = await startTestServer();
  cookie = await source.login();
  await populate(source);
  image = await png(40, 30);
  imageEntry = `attachments/${sha256Of(image)}`;
  expect((await upload(source, cookie, image, { name: 'red.png' })).status).toBe(201);
  await mkdir(path.join(source.dataDir, 'attachments', 'ab'), { recursive: true });
  await writeFile(
    path.join(source.dataDir, 'attachments', 'ab', 'abcdef.png'),
    new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
  );
  // Its metadata record, as an upload leaves it (the bytes' own folder layout is the attachments module's).
  await source.handle.store.write((tx) =>
    tx.insert('attachments', {
      sha256: 'ab'.repeat(32),
      mime: 'image/png',
      size: 7,
      name: 'diagram.png',
      createdAt: '2026-11-20T10:00:00.000Z',
      userId: 1,
      unreferencedSince: null,
    }),
  );
  const res = await fetch(`${source.url}/api/admin/backup`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="private-notes-backup-\d{4}-.*\.zip"$/,
  );
  archive = path.join(workDir, 'backup.zip');
  await writeFile(archive, new Uint8Array(await res.arrayBuffer()));
});

afterAll(async () => {
  await source.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('backup', () => {
  it('is owner only', async () => {
    expect((await source.api('GET', '/api/admin/backup')).status).toBe(401);
  });

  it('holds every collection of the store and the attachments, and a manifest of every entry', async () => {
    const files = unzipSync(await readFile(archive));
    const names = Object.keys(files).filter((name) => !name.startsWith('attachments/variants/'));
    // Captured mail too: the Outbox's records point at these files.
    const mail = source.handle.store.all('mailOutbox').map((m) => `mail/${m.file}`);
    expect(mail.length).toBeGreaterThan(0);
    expect(names.sort()).toEqual(
      ['attachments/ab/abcdef.png', imageEntry, 'backup.json', ...mail, 'manifest.json'].sort(),
    );
    const listed = JSON.parse(new TextDecoder().decode(files['manifest.json'])).entries as Array<{
      name: string;
      size: number;
      sha256: string;
    }>;
    expect(listed.map((e) => e.name).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== 'manifest.json')
        .sort(),
    );
    for (const entry of listed) {
      expect(entry.size).toBe(files[entry.name]!.length);
      expect(entry.sha256).toBe(sha256Of(files[entry.name]!));
    }
    const manifest = JSON.parse(new TextDecoder().decode(files['backup.json']));
    expect(manifest).toMatchObject({ format: 'private-notes-backup', version: 1 });
    for (const name of COLLECTION_NAMES) {
      expect(
        manifest.snapshot.collections[name]?.length ?? 0,
        `${name} is empty in the source`,
      ).toBeGreaterThan(0);
    }
  });
});

describe('restore', () => {
  it('into a fresh DATA_DIR gives identical API answers for every collection and an identical store', async () => {
    const dataDir = path.join(workDir, 'restored');
    const summary = await restoreBackup(archive, dataDir);
    expect(summary).toMatchObject({
      hasManifest: true,
      movedAside: null,
      counts: { notes: 2, noteRevisions: 1, vaults: 1 },
    });
    // Restores write an embedded DATA_DIR whichever store the source used (PostgreSQL: then store:copy).
    const restored = await startTestServer({ dataDir, databaseUrl: null });
    try {
      // The old session cookie works (sessions are data too); the change cursors go on from the same place.
      // Except the restore epoch, new with the restore so that devices can tell (restore-epoch.ts).
      const withoutEpoch = (all: Record<string, unknown>) => {
        const feed = all['/api/notes/changes'] as { body: { restoreEpoch?: string } };
        const epoch = feed.body.restoreEpoch;
        delete feed.body.restoreEpoch;
        return { all, epoch };
      };
      const now = withoutEpoch(await answers(restored, cookie));
      const then = withoutEpoch(await answers(source, cookie));
      expect(now.all).toEqual(then.all);
      expect(then.epoch).toBe('original');
      expect(now.epoch).not.toBe('original');
      const fresh = await restored.login(); // and the same password signs in
      expect((await restored.api('GET', '/api/user', { cookie: fresh })).status).toBe(200);
      const { seq: _a, ...before } = source.handle.store.toSnapshot();
      const { seq: _b, ...after } = restored.handle.store.toSnapshot();
      // Signing in again added a session (and using one refreshes it), and set the site's address to the one
      // signed in at (this test server's port); everything else is the same, record for record.
      const withoutSessions = (snapshot: typeof before) => ({
        ...snapshot,
        meta: { ...snapshot.meta, siteOrigin: null, 'store.restoreEpoch': undefined },
        counters: { ...snapshot.counters, sessions: 0 },
        collections: { ...snapshot.collections, sessions: [] },
      });
      expect(withoutSessions(after)).toEqual(withoutSessions(before));
      const sessionIds = (snapshot: typeof before) => (snapshot.collections.sessions ?? []).map((r) => r.id);
      expect(sessionIds(after)).toEqual(expect.arrayContaining(sessionIds(before)));
      expect(await readFile(path.join(dataDir, 'attachments', 'ab', 'abcdef.png'))).toEqual(
        Buffer.from([137, 80, 78, 71, 1, 2, 3]),
      );
      // The restored server serves the attachment's very bytes.
      const served = await getBytes(`${restored.url}/api/${imageEntry}`, { cookie: fresh });
      expect(served.status).toBe(200);
      expect(served.bytes.equals(image)).toBe(true);
      // New writes continue from the restored counters: no id is handed out twice.
      const next = await restored.api('POST', '/api/notes', {
        cookie: fresh,
        body: { title: 'After', content: 'x' },
      });
      expect(next.body.id).toBeGreaterThan(
        Math.max(...source.handle.store.all('noteTombstones').map((t) => t.id)),
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses a folder that holds data unless forced, and then moves it aside', async () => {
    const dataDir = path.join(workDir, 'occupied');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'data.json'), '{"precious":true}');
    await expect(restoreBackup(archive, dataDir)).rejects.toThrow(
      new RestoreError(
        `${dataDir} is not empty. Restore into a new folder, or pass --force to move its contents aside first.`,
      ),
    );
    expect(await readFile(path.join(dataDir, 'data.json'), 'utf8')).toBe('{"precious":true}');
    const summary = await restoreBackup(archive, dataDir, {
      force: true,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(summary.movedAside).toBe(`${dataDir}-before-restore-2026-01-01T00-00-00-000Z`);
    expect(await readFile(path.join(summary.movedAside!, 'data.json'), 'utf8')).toBe('{"precious":true}');
    expect((await readdir(dataDir)).sort()).toEqual(['attachments', 'data.journal', 'data.json', 'mail']);
  });

  it('refuses a running server’s folder, and archives that are not backups, changing nothing', async () => {
    // A PostgreSQL server keeps no lock in DATA_DIR (its data is in the database).
    if (TEST_STORE === 'embedded') {
      await expect(restoreBackup(archive, source.dataDir, { force: true })).rejects.toThrow(
        /is in use by a running server/,
      );
    }
    const bad = path.join(workDir, 'bad.zip');
    const target = path.join(workDir, 'never');
    for (const [bytes, message] of [
      [strToU8('not a zip'), /is not a zip archive, or is damaged/],
      [zipSync({ 'other.txt': strToU8('x') }), /backup\.json is missing/],
      [zipSync({ 'backup.json': strToU8('{') }), /damaged \(not valid JSON\)/],
      [zipSync({ 'backup.json': strToU8('{"format":"other"}') }), /unknown format/],
      [
        zipSync({
          'backup.json': strToU8(
            JSON.stringify({
              format: 'private-notes-backup',
              version: 1,
              snapshot: { format: 1, collections: {} },
            }),
          ),
          'attachments/../../escape.txt': strToU8('x'),
        }),
        /unsafe path/,
      ],
    ] as const) {
      await writeFile(bad, bytes);
      // Without a manifest these are refused for that first; as old-format archives, for what they hold.
      await expect(restoreBackup(bad, target)).rejects.toThrow(
        /is not a zip archive|manifest\.json is missing/,
      );
      await expect(restoreBackup(bad, target, { withoutManifest: true })).rejects.toThrow(message);
    }
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
  });
});

describe('a damaged backup', () => {
  /** The archive with one byte of the image attachment flipped where it is stored (uncompressed). */
  async function flipped(): Promise<string> {
    const bytes = Buffer.from(await readFile(archive));
    const at = bytes.indexOf(image);
    expect(at).toBeGreaterThan(0);
    bytes[at + Math.floor(image.length / 2)]! ^= 0x01;
    const file = path.join(workDir, 'flipped.zip');
    await writeFile(file, bytes);
    return file;
  }

  /** A well-formed zip (fresh CRCs) whose image bytes differ from what the manifest and the name say. */
  async function rebuilt(withManifest: boolean): Promise<string> {
    const files = unzipSync(await readFile(archive));
    const changed = Uint8Array.from(files[imageEntry]!);
    changed[changed.length - 5]! ^= 0x01;
    files[imageEntry] = changed;
    if (!withManifest) delete files['manifest.json'];
    const file = path.join(workDir, `rebuilt-${withManifest}.zip`);
    await writeFile(file, zipSync(files));
    return file;
  }

  it('with one flipped attachment byte is refused, naming the entry, and the target stays untouched', async () => {
    const bad = await flipped();
    const target = path.join(workDir, 'untouched');
    await expect(restoreBackup(bad, target)).rejects.toThrow(
      `${imageEntry} is damaged: its bytes do not match the archive's CRC`,
    );
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    // An existing folder, even with --force, is not moved aside for a backup that cannot be restored.
    const occupied = path.join(workDir, 'occupied-damaged');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'data.json'), '{"keep":1}');
    await expect(restoreBackup(bad, occupied, { force: true })).rejects.toThrow(imageEntry);
    expect(await readdir(occupied)).toEqual(['data.json']);
  });

  it('whose bytes disagree with the manifest, or with their hash name, is refused', async () => {
    await expect(restoreBackup(await rebuilt(true), path.join(workDir, 'm'))).rejects.toThrow(
      `${imageEntry} is damaged: its sha256 does not match the manifest`,
    );
    // A backup from before manifests (asked for explicitly): the attachment's name is its hash.
    await expect(
      restoreBackup(await rebuilt(false), path.join(workDir, 'n'), { withoutManifest: true }),
    ).rejects.toThrow(`${imageEntry} is damaged: its bytes do not hash to its name`);
    const files = unzipSync(await readFile(archive));
    delete files[imageEntry];
    const missing = path.join(workDir, 'missing.zip');
    await writeFile(missing, zipSync(files));
    await expect(verifyBackupFile(missing)).rejects.toThrow(
      `${imageEntry} is missing from the archive (the manifest lists it)`,
    );
  });
});

describe('npm run restore', () => {
  const cli = path.resolve(import.meta.dirname, '../src/backup/restore-cli.ts');
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', cli, ...args], (error, out, err) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err }),
      );
    });

  it('restores into a fresh folder and refuses it the second time', async () => {
    const dataDir = path.join(workDir, 'by-cli');
    const first = await run([archive, '--data-dir', dataDir]);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^Restored the backup of .* into .*by-cli\nRecords: users 1, sessions 1, settings 1, notes 2, .*vaults 1; /,
    );
    const second = await run([archive, '--data-dir', dataDir]);
    expect(second.code).toBe(1);
    expect(second.err).toMatch(
      /^Restore failed: .*by-cli is not empty\. Restore into a new folder, or pass --force/,
    );
    expect((await run([])).err).toMatch(
      /which backup file\?\nUsage: npm run restore -- BACKUP\.zip --data-dir DIR \[--force\]/,
    );
  });

  it('--verify checks a backup without restoring: intact passes, one flipped byte fails naming the entry', async () => {
    const intact = await run(['--verify', archive]);
    expect(intact.err).toBe('');
    expect(intact.code).toBe(0);
    expect(intact.out).toMatch(
      /^The backup of .* in .*backup\.zip is intact \(\d+ bytes\)\nRecords: users 1, /,
    );
    const bytes = Buffer.from(await readFile(archive));
    bytes[bytes.indexOf(image) + 10]! ^= 0x80;
    const bad = path.join(workDir, 'cli-flipped.zip');
    await writeFile(bad, bytes);
    const refused = await run(['--verify', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `Verify failed: ${imageEntry} is damaged: its bytes do not match the archive's CRC\n`,
    );
    expect((await run(['--verify', bad, '--data-dir', workDir])).err).toMatch(/--verify restores nothing/);
  });
});
