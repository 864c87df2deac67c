// The plain copies of a locked note's files leave the server (issue 34; both stores, real HTTP on loopback;
// docs/decisions/locked-notes-cards-attachments.md, "Garbage collection and the declared files"). The device
// declares, beside a locked note's ciphertext, the hashes of the files it refers to (`lockedFiles`); with every
// locked note declaring, attachment collection runs again: the plain file a note referred to before it was
// locked is removed after the grace period (bytes in DATA_DIR/attachments and the record in the store), its
// sealed copy stays, and a backup made afterwards no longer holds it. A locked note without a list (an older
// app) keeps collection paused; a bad list is a 400 that changes nothing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCKED_FILES_MAX, LOCKED_FILES_PLAIN_MESSAGE } from '@private-notes/shared';
import { newFileKey, sealFile } from '@private-notes/shared/vault/sealed-file';
import { sealedAttachmentMarkdown } from '@private-notes/shared/vault/sealed-file-link';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir } from '../../scripts/pg-cluster.mjs';
import { collectAttachmentGarbage, DAY_MS } from '../src/attachments/attachment-gc.ts';
import { png, sha256Of, upload } from './attachment-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { TEST_STORE } from './test-database.ts';
import { lockedText, makeVault, type TestVault } from './vault-fixtures.ts';

const GRACE = 30 * DAY_MS;
const MARKER = `lockedfilemarker${randomBytes(6).toString('hex')}`;

let s: TestServer;
let cookie: string;
let made: TestVault;
beforeAll(async () => {
  s = await startTestServer({
    attachments: {
      maxBytes: 200_000,
      quotaBytes: 2_000_000,
      gcGraceMs: GRACE,
      gcIntervalMs: 0,
      maxImagePixels: 50_000_000,
    },
  });
  cookie = await s.login();
  made = await makeVault();
});
afterAll(() => s.close());

const api = (method: string, url: string, body?: unknown) => s.api(method, url, { cookie, body });
const link = (sha: string, name: string) => `![${name}](/api/attachments/${sha})`;
const recordOf = (sha: string) => s.handle.store.lookup('attachments', 'sha256', sha);
/** Runs collection now, then once more a grace period later (when what was marked now is removed). */
async function collectTwice(from = new Date()) {
  const { store, services } = s.handle;
  const first = await collectAttachmentGarbage(store, services.attachments, GRACE, from);
  const second = await collectAttachmentGarbage(
    store,
    services.attachments,
    GRACE,
    new Date(from.getTime() + GRACE + DAY_MS),
  );
  return { first, second };
}

function occurrences(bytes: Uint8Array, word: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(word); at >= 0; at = buffer.indexOf(word, at + 1)) count++;
  return count;
}
/** Occurrences of the marker in every file under `dir` (zips: each entry decompressed too), by file. */
async function markerIn(dir: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    let count = occurrences(bytes, MARKER);
    if (bytes[0] === 0x50 && bytes[1] === 0x4b)
      for (const content of Object.values(unzipSync(bytes))) count += occurrences(content, MARKER);
    if (count > 0) found[path.relative(dir, file)] = count;
  }
  return found;
}
const backupsNow = async () => new Set(await readdir(path.join(s.dataDir, 'backups')).catch(() => []));

/** The sealed copy of a file, uploaded the way the device does ("locked-file"), and its reference. */
async function sealAndUpload(plain: Uint8Array, name: string) {
  const key = newFileKey();
  const sealed = sealFile(key.key, plain);
  expect((await upload(s, cookie, sealed, { name: 'locked-file' })).status).toBe(201);
  const sha = sha256Of(sealed);
  return { sha, markdown: sealedAttachmentMarkdown({ sha256: sha, key: key.text, name, mime: 'image/png' }) };
}

describe(`files of locked notes and attachment collection (${TEST_STORE} store)`, () => {
  it('after "Lock note" the plain copies go at the next collection; the sealed copies and later backups stay clean', async () => {
    const image = await png(23, 17);
    const textFile = Buffer.from(`${MARKER} is in this plain file. `.repeat(50));
    const imageSha = sha256Of(image);
    const textSha = sha256Of(textFile);
    expect((await upload(s, cookie, image, { name: 'photo.png' })).status).toBe(201);
    expect((await upload(s, cookie, textFile, { name: 'notes.txt' })).status).toBe(201);
    const created = await api('POST', '/api/notes', {
      title: 'Holiday',
      content: `A photo ${link(imageSha, 'photo.png')} and ${link(textSha, 'notes.txt')}`,
      tags: [],
      clientId: 'gc-lock-1',
    });
    expect(created.status).toBe(201);
    // While the note is plain its files are referenced: collection marks neither.
    const plainRun = await collectTwice();
    expect(plainRun.second.removed).toBe(0);
    expect(recordOf(imageSha)?.unreferencedSince).toBeNull();
    // A backup made before the lock holds the plain file (and keeps holding it: said in the decision record).
    const before = await backupsNow();
    expect((await api('POST', '/api/admin/backups')).status).toBe(200);
    const oldBackups = [...(await backupsNow())].filter((name) => !before.has(name));
    expect(oldBackups).toHaveLength(1);

    // "Lock note" on the device: sealed copies uploaded, the note's text locked, the sealed hashes declared.
    const sealedImage = await sealAndUpload(image, 'photo.png');
    const sealedText = await sealAndUpload(textFile, 'notes.txt');
    const content = lockedText(made, 'gc-lock-1', {
      title: 'Holiday',
      content: `A photo ${sealedImage.markdown} and ${sealedText.markdown}`,
    });
    const locked = await api('PUT', `/api/notes/${created.body.id}`, {
      title: '',
      content,
      tags: [],
      baseVersion: 1,
      lockedFiles: [sealedImage.sha, sealedText.sha, sealedImage.sha],
    });
    expect(locked.status).toBe(200);
    // Stored once each, and answered so that another device keeps the list too.
    expect(locked.body.lockedFiles).toEqual([sealedImage.sha, sealedText.sha]);
    expect(s.handle.store.get('notes', created.body.id)?.lockedFiles).toEqual([
      sealedImage.sha,
      sealedText.sha,
    ]);

    const run = await collectTwice();
    expect(run.first.marked).toBe(2);
    expect(run.second.removed).toBe(2);
    // The plain files are gone: the records (the store: journal or PostgreSQL) and the bytes.
    expect(recordOf(imageSha)).toBeUndefined();
    expect(recordOf(textSha)).toBeUndefined();
    const stored = await readdir(path.join(s.dataDir, 'attachments'), { recursive: true });
    expect(stored.some((name) => name.includes(imageSha) || name.includes(textSha))).toBe(false);
    expect((await api('GET', `/api/attachments/${imageSha}`)).status).toBe(404);
    if (TEST_STORE === 'postgres') {
      // The database's records name the plain files no more (their records went; the note is ciphertext). The
      // change log other instances replay (store_changes) keeps the earlier writes for its retention (10 minutes
      // by default) before it is pruned: said in the decision record.
      const { stdout } = await promisify(execFile)(
        path.join(postgresBinDir(), 'pg_dump'),
        ['--dbname', s.config.databaseUrl!, '--table', 'store_docs', '--table', 'store_keys'],
        { maxBuffer: 256 * 1024 * 1024 },
      );
      expect(stdout).toContain(sealedImage.sha);
      expect(stdout).not.toContain(imageSha);
      expect(stdout).not.toContain(textSha);
    }
    // The sealed copies stay, byte for byte what was uploaded.
    expect(recordOf(sealedImage.sha)?.unreferencedSince).toBeNull();
    expect(stored.some((name) => name.includes(sealedImage.sha))).toBe(true);
    expect(stored.some((name) => name.includes(sealedText.sha))).toBe(true);

    // The marker: 0 times in DATA_DIR and in a backup made now; only the backup made before the lock holds it.
    const beforeNew = await backupsNow();
    expect((await api('POST', '/api/admin/backups')).status).toBe(200);
    const newBackups = [...(await backupsNow())].filter((name) => !beforeNew.has(name));
    expect(newBackups).toHaveLength(1);
    const found = await markerIn(s.dataDir);
    expect(Object.keys(found)).toEqual([path.join('backups', oldBackups[0]!)]);
    // The scan can find it: the old backup holds the plain file.
    expect(found[path.join('backups', oldBackups[0]!)]).toBeGreaterThan(0);
  });

  it('unlocking brings plain copies back (the same hashes), and the note declares no list any more', async () => {
    const image = await png(29, 13);
    const imageSha = sha256Of(image);
    const sealed = await sealAndUpload(image, 'unlock.png');
    const created = await api('POST', '/api/notes', {
      title: '',
      content: lockedText(made, 'gc-unlock-1', { title: 'T', content: `See ${sealed.markdown}` }),
      tags: [],
      clientId: 'gc-unlock-1',
      lockedFiles: [sealed.sha],
    });
    expect(created.status).toBe(201);
    expect(created.body.lockedFiles).toEqual([sealed.sha]);
    // "Unlock note": the plain copy uploaded again, the note plain with its title back.
    expect((await upload(s, cookie, image, { name: 'unlock.png' })).status).toBe(201);
    const unlocked = await api('PUT', `/api/notes/${created.body.id}`, {
      title: 'T',
      content: `See ${link(imageSha, 'unlock.png')}`,
      tags: [],
      baseVersion: 1,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.lockedFiles).toBeUndefined();
    expect(s.handle.store.get('notes', created.body.id)?.lockedFiles).toBeNull();
    await collectTwice();
    expect(recordOf(imageSha)?.unreferencedSince).toBeNull();
    // Its sealed copy is referenced by nothing any more: collected like any other file.
    expect(recordOf(sealed.sha)).toBeUndefined();
  });

  it('a locked note in the Trash keeps its declared files; the restored note keeps its list', async () => {
    const sealed = await sealAndUpload(await png(31, 11), 'trash.png');
    const created = await api('POST', '/api/notes', {
      title: '',
      content: lockedText(made, 'gc-trash-1', { title: 'T', content: `See ${sealed.markdown}` }),
      tags: [],
      clientId: 'gc-trash-1',
      lockedFiles: [sealed.sha],
    });
    expect((await api('DELETE', `/api/notes/${created.body.id}?version=1`)).status).toBe(204);
    expect((await collectTwice()).second.removed).toBe(0);
    expect(recordOf(sealed.sha)?.unreferencedSince).toBeNull();
    const restored = await api('POST', `/api/trash/${created.body.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.lockedFiles).toEqual([sealed.sha]);
  });

  it('bad lists are 400 and change nothing; a list beside plain text is refused', async () => {
    const created = await api('POST', '/api/notes', {
      title: '',
      content: lockedText(made, 'gc-bad-1', { title: 'T', content: 'x' }),
      tags: [],
      clientId: 'gc-bad-1',
      lockedFiles: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const stored = () => s.handle.store.get('notes', id);
    const before = stored();
    const notHex = await api('PUT', `/api/notes/${id}`, { lockedFiles: ['not-a-hash'], baseVersion: 1 });
    expect(notHex.status).toBe(400);
    expect(notHex.body.message).toMatch(/lockedFiles\.0: must be a lowercase hex SHA-256/);
    const notList = await api('PUT', `/api/notes/${id}`, { lockedFiles: 'abc', baseVersion: 1 });
    expect(notList.status).toBe(400);
    expect(notList.body.message).toMatch(/lockedFiles/);
    const tooMany = Array.from({ length: LOCKED_FILES_MAX + 1 }, (_, i) => i.toString(16).padStart(64, '0'));
    const many = await api('PUT', `/api/notes/${id}`, { lockedFiles: tooMany, baseVersion: 1 });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/at most 10000 hashes/);
    expect(stored()).toEqual(before);

    const plain = await api('POST', '/api/notes', {
      title: 'Plain',
      content: 'plain',
      tags: [],
      clientId: 'gc-bad-2',
      lockedFiles: [sha256Of(Buffer.from('x'))],
    });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe(LOCKED_FILES_PLAIN_MESSAGE);
    expect(s.handle.store.lookup('notes', 'clientId', `${created.body.userId}:gc-bad-2`)).toBeUndefined();
    // In a batch: the bad change answers its own 400, the good one applies.
    const batch = await api('POST', '/api/notes/batch', {
      changes: [
        { op: 'update', id, lockedFiles: ['XYZ'], baseVersion: 1 },
        { op: 'update', id, lockedFiles: [sha256Of(Buffer.from('y'))], baseVersion: 1 },
      ],
    });
    expect(batch.body.results.map((r: { status: number }) => r.status)).toEqual([400, 200]);
    expect(stored()?.lockedFiles).toEqual([sha256Of(Buffer.from('y'))]);
  });

  it('a locked note without a declared list keeps collection paused, until its device declares one', async () => {
    const orphan = await png(19, 19);
    const orphanSha = sha256Of(orphan);
    expect((await upload(s, cookie, orphan)).status).toBe(201);
    // Locked by an older app: no list.
    const old = await api('POST', '/api/notes', {
      title: '',
      content: lockedText(made, 'gc-old-1', { title: 'Old', content: 'old' }),
      tags: [],
      clientId: 'gc-old-1',
    });
    expect(old.status).toBe(201);
    expect(old.body.lockedFiles).toBeUndefined();
    const paused = await collectTwice();
    expect(paused.first.marked).toBe(0);
    expect(paused.second.removed).toBe(0);
    expect(recordOf(orphanSha)?.unreferencedSince).toBeNull();

    // The device re-sends the note with its list (on unlock): the same ciphertext, so nothing else changes.
    const declared = await api('PUT', `/api/notes/${old.body.id}`, {
      title: '',
      content: old.body.content,
      tags: [],
      baseVersion: 1,
      lockedFiles: [],
    });
    expect(declared.status).toBe(200);
    const running = await collectTwice();
    expect(running.first.marked).toBeGreaterThanOrEqual(1);
    expect(recordOf(orphanSha)).toBeUndefined();

    // An older app then edits the locked text without a list: the old list may be stale, so it is dropped and
    // collection pauses again.
    const edited = await api('PUT', `/api/notes/${old.body.id}`, {
      content: lockedText(made, 'gc-old-1', { title: 'Old', content: 'old, edited' }),
      baseVersion: 2,
    });
    expect(edited.status).toBe(200);
    expect(s.handle.store.get('notes', old.body.id)?.lockedFiles).toBeNull();
    const again = await png(17, 19);
    expect((await upload(s, cookie, again)).status).toBe(201);
    expect((await collectTwice()).first.marked).toBe(0);
    expect(recordOf(sha256Of(again))?.unreferencedSince).toBeNull();
    // A locked note in the Trash without a list pauses it too.
    expect((await api('PUT', `/api/notes/${old.body.id}`, { lockedFiles: [], baseVersion: 3 })).status).toBe(
      200,
    );
    const trashed = await api('POST', '/api/notes', {
      title: '',
      content: lockedText(made, 'gc-old-2', { title: 'Old', content: 'old' }),
      tags: [],
      clientId: 'gc-old-2',
    });
    expect((await api('DELETE', `/api/notes/${trashed.body.id}?version=1`)).status).toBe(204);
    expect((await collectTwice()).first.marked).toBe(0);
    expect(recordOf(sha256Of(again))?.unreferencedSince).toBeNull();
  });
});
