// Issue 34's promise, checked end to end on both stores: a word typed into a locked note appears 0 times in
// DATA_DIR (every file, raw bytes, and the entries of every zip in it), in a backup made through the server's
// own backup paths, in a PostgreSQL dump of the server's database, and in the request log and everything else
// the server printed. The note is made the way a device makes it (shared/src/vault, here in Node) and goes
// through the real HTTP API: created, edited (revisions), deleted to the Trash, restored, pushed in a batch.
// The control: a word put in a plain note is found by the same scan in each of those places, so the scan can fail.
// A study card and an attachment of a locked note carry the word too (sealed on the "device" with
// shared/src/vault/sealed-card.ts and sealed-file.ts); a plain card and a plain attachment carry the control.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sealCard } from '@private-notes/shared/vault/sealed-card';
import { newFileKey, sealFile } from '@private-notes/shared/vault/sealed-file';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresBinDir } from '../../scripts/pg-cluster.mjs';
import { sha256Of, upload } from './attachment-fixtures.ts';
import { captureLog } from './capture-log.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { TEST_STORE } from './test-database.ts';
import { lockedText, makeVault } from './vault-fixtures.ts';

const run = promisify(execFile);
const MARKER = `zanzibarquokka${randomBytes(6).toString('hex')}`;
const CONTROL = `plainwombat${randomBytes(6).toString('hex')}`;

/** Where the scan looked, and how many times each word occurred there. */
type Found = Record<string, { marker: number; control: number }>;

function occurrences(bytes: Uint8Array, word: string): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(word); at >= 0; at = buffer.indexOf(word, at + 1)) count++;
  return count;
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The raw bytes, and when they are a zip, each entry decompressed (backups deflate backup.json). */
function scanBytes(found: Found, name: string, bytes: Uint8Array): void {
  found[name] = { marker: occurrences(bytes, MARKER), control: occurrences(bytes, CONTROL) };
  if (!isZip(bytes)) return;
  for (const [entry, content] of Object.entries(unzipSync(bytes)))
    scanBytes(found, `${name}!${entry}`, content);
}

async function scanDir(dir: string): Promise<Found> {
  const found: Found = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    scanBytes(found, path.relative(dir, file), await readFile(file));
  }
  return found;
}

const total = (found: Found, word: 'marker' | 'control') =>
  Object.values(found).reduce((sum, counts) => sum + counts[word], 0);
const where = (found: Found, word: 'marker' | 'control') =>
  Object.entries(found)
    .filter(([, counts]) => counts[word] > 0)
    .map(([name]) => name);

let s: TestServer;
const log = captureLog();
const printed: string[] = [];
let downloaded: Uint8Array;
let dump: string | null = null;
let controlFileSha = '';
let sealedFileSha = '';

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
  s = await startTestServer({ logRequests: true, logLevel: 'debug' }, { logDestination: log.destination });
  const cookie = await s.login();
  const api = (method: string, url: string, body?: unknown) => s.api(method, url, { cookie, body });

  const made = await makeVault();
  expect((await api('PUT', '/api/vault', { header: made.header, baseVersion: 0 })).status).toBe(200);
  const seal = (clientId: string, version: string) =>
    lockedText(made, clientId, {
      title: `Diary ${MARKER}`,
      content: `Today I wrote ${MARKER} (${version}) and nothing else.`,
      tags: [MARKER],
    });
  // Kept: created, edited twice (two revisions), then edited once more through the sync engine's batch.
  const kept = await api('POST', '/api/notes', {
    title: '',
    content: seal('kept', 'v1'),
    tags: [],
    clientId: 'kept',
  });
  expect(kept.status).toBe(201);
  for (const v of [1, 2])
    expect(
      (await api('PUT', `/api/notes/${kept.body.id}`, { content: seal('kept', `v${v + 1}`), baseVersion: v }))
        .status,
    ).toBe(200);
  const batch = await api('POST', '/api/notes/batch', {
    changes: [
      { op: 'update', id: kept.body.id, title: '', content: seal('kept', 'v4'), tags: [], baseVersion: 3 },
      { op: 'create', clientId: 'batched', title: '', content: seal('batched', 'v1'), tags: [] },
    ],
  });
  expect(batch.body.results.map((r: { status: number }) => r.status)).toEqual([200, 201]);
  // A flashcard and a key point of the locked note, sealed under its key, pushed then edited; and a file pasted
  // into it, sealed with its own key (its markdown reference is inside the note's ciphertext).
  const { noteKey } = made.vault.openLockedNote('kept', seal('kept', 'v5'));
  const card = (answer: string) =>
    sealCard(made.vault, noteKey, 'flashcard', {
      kind: 'flashcard' as const,
      id: 'fc-marker',
      noteId: 'kept',
      question: `What did I write? ${MARKER}`,
      answer,
      cloze: null,
      origin: 'manual' as const,
      edited: false,
      suspended: false,
    });
  const point = sealCard(made.vault, noteKey, 'keyPoint', {
    kind: 'keyPoint' as const,
    id: 'kp-marker',
    noteId: 'kept',
    content: `Key point ${MARKER}`,
    origin: 'generated' as const,
    edited: false,
  });
  const cards = await api('POST', '/api/cards', {
    changes: [
      { op: 'put', change: 'ch-m1', baseVersion: 0, card: card(MARKER) },
      { op: 'put', change: 'ch-m2', baseVersion: 0, card: point },
    ],
  });
  expect(cards.status).toBe(200);
  expect(
    (
      await api('POST', '/api/cards', {
        changes: [{ op: 'put', change: 'ch-m3', baseVersion: 1, card: card(`${MARKER}!`) }],
      })
    ).status,
  ).toBe(200);
  // The server refuses the same card in plain text (and logs only the URL of that refusal).
  expect(
    (
      await api('POST', '/api/cards', {
        changes: [
          {
            op: 'put',
            change: 'ch-m4',
            baseVersion: 2,
            card: { ...card('x'), question: MARKER, answer: MARKER },
          },
        ],
      })
    ).status,
  ).toBe(400);
  const file = Buffer.from(`${MARKER} `.repeat(200));
  const sealedFile = sealFile(newFileKey().key, file);
  expect((await upload(s, cookie, sealedFile, { name: 'locked-file' })).status).toBe(201);
  expect((await api('GET', '/api/attachments/limits')).status).toBe(200);
  // Trashed: deleted and left in the Trash. Restored: deleted, brought back, edited.
  const trashed = await api('POST', '/api/notes', {
    title: '',
    content: seal('trashed', 'v1'),
    tags: [],
    clientId: 'trashed',
  });
  await api('PUT', `/api/notes/${trashed.body.id}`, { content: seal('trashed', 'v2'), baseVersion: 1 });
  expect((await api('DELETE', `/api/notes/${trashed.body.id}?version=2`)).status).toBe(204);
  const restored = await api('POST', '/api/notes', {
    title: '',
    content: seal('restored', 'v1'),
    tags: [],
    clientId: 'restored',
  });
  expect((await api('DELETE', `/api/notes/${restored.body.id}?version=1`)).status).toBe(204);
  expect((await api('POST', `/api/trash/${restored.body.id}/restore`)).status).toBe(200);
  expect(
    (await api('PUT', `/api/notes/${restored.body.id}`, { content: seal('restored', 'v2'), baseVersion: 2 }))
      .status,
  ).toBe(200);
  // What a device reads back is the ciphertext (every answer above went through the request log too).
  expect((await api('GET', '/api/trash')).body.length).toBe(1);
  expect((await api('GET', `/api/notes/${kept.body.id}/revisions`)).body.length).toBe(3);

  // The control: a plain note holding the other word, edited (a revision) and searched for (a logged URL).
  const plain = await api('POST', '/api/notes', {
    title: 'Plain',
    content: `The control ${CONTROL}.`,
    tags: [],
  });
  await api('PUT', `/api/notes/${plain.body.id}`, {
    content: `Still the control ${CONTROL}.`,
    baseVersion: 1,
  });
  expect((await api('GET', `/api/notes?search=${CONTROL}`)).body).toHaveLength(1);
  // The control's card and file: plain, so the scan finds them in the store and the attachments folder.
  expect(
    (
      await api('POST', '/api/cards', {
        changes: [
          {
            op: 'put',
            change: 'ch-c1',
            baseVersion: 0,
            card: {
              kind: 'flashcard',
              id: 'fc-control',
              noteId: 'plain-control',
              question: `Control ${CONTROL}?`,
              answer: 'yes',
              cloze: null,
              origin: 'manual',
              edited: false,
              suspended: false,
            },
          },
        ],
      })
    ).status,
  ).toBe(200);
  const controlFile = Buffer.from(`${CONTROL} `.repeat(200));
  expect((await upload(s, cookie, controlFile, { name: 'control.txt' })).status).toBe(201);
  controlFileSha = sha256Of(controlFile);
  sealedFileSha = sha256Of(sealedFile);

  // Backups through the server's own paths: one downloaded, one written by "back up now" into DATA_DIR/backups.
  const res = await fetch(`${s.url}/api/admin/backup`, { headers: { cookie } });
  expect(res.status).toBe(200);
  downloaded = new Uint8Array(await res.arrayBuffer());
  expect((await api('POST', '/api/admin/backups')).status).toBe(200);

  if (TEST_STORE === 'postgres') {
    const { stdout } = await run(
      path.join(postgresBinDir(), 'pg_dump'),
      ['--dbname', s.config.databaseUrl!],
      {
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    dump = stdout;
  }
  // Closed (data kept) so that everything the store holds is on disk: the embedded store writes its snapshot.
  await s.close({ keepData: true });
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe(`the marker word of a locked note (${TEST_STORE} store)`, () => {
  it('occurs 0 times in DATA_DIR, every file and every zip entry; the plain note’s word is found there', async () => {
    const found = await scanDir(s.dataDir);
    expect(where(found, 'marker')).toEqual([]);
    // The scan reads what the store wrote and decompresses the backup in DATA_DIR/backups.
    expect(total(found, 'control')).toBeGreaterThan(0);
    expect(where(found, 'control').some((name) => name.includes('.zip!backup.json'))).toBe(true);
    if (TEST_STORE === 'embedded')
      expect(where(found, 'control').some((name) => /^data\.(json|journal)$/.test(name))).toBe(true);
    // The attachments folder was scanned: the plain file's word is there, the sealed file is there as ciphertext.
    expect(where(found, 'control').some((name) => name.includes(controlFileSha))).toBe(true);
    expect(Object.keys(found).some((name) => name.includes(sealedFileSha))).toBe(true);
  });

  it('occurs 0 times in the downloaded backup, raw or decompressed; the plain note’s word is in its backup.json', () => {
    const found: Found = {};
    scanBytes(found, 'download.zip', downloaded);
    // Files are stored in the zip as they are (the plain control file's word shows in the raw zip; the sealed
    // file's never does).
    expect(found['download.zip']!.marker).toBe(0);
    expect(where(found, 'control').some((name) => name.includes(controlFileSha))).toBe(true);
    expect(Object.keys(found).some((name) => name.includes(sealedFileSha))).toBe(true);
    expect(where(found, 'marker')).toEqual([]);
    expect(found['download.zip!backup.json']!.control).toBeGreaterThan(0);
    // The locked notes are in it, as ciphertext: 4 notes, 3 + 1 revisions, 1 in the Trash.
    const data = Buffer.from(unzipSync(downloaded)['backup.json']!);
    expect(occurrences(data, 'pnlocked.1')).toBeGreaterThanOrEqual(9);
    // The manifest says how many locked notes the archive holds (the revisions are not notes).
    const manifest = JSON.parse(Buffer.from(unzipSync(downloaded)['manifest.json']!).toString('utf8'));
    expect(manifest.lockedNotes).toBe(4); // kept, batched, restored, and the one in the Trash
  });

  it.runIf(TEST_STORE === 'postgres')(
    'occurs 0 times in a pg_dump of the database; the plain note’s word is there',
    () => {
      expect(dump).not.toBeNull();
      const bytes = Buffer.from(dump!);
      expect(occurrences(bytes, MARKER)).toBe(0);
      expect(occurrences(bytes, CONTROL)).toBeGreaterThan(0);
      // The locked notes are in the dump, as ciphertext.
      expect(occurrences(bytes, 'pnlocked.1')).toBeGreaterThan(0);
    },
  );

  it('occurs 0 times in the request log and in anything else the server printed; the log holds the control', () => {
    const lines = log.entries();
    // Every request that carried the locked notes was logged (so their lines were there to scan).
    const logged = lines.map((l) => `${l.req?.method} ${l.req?.url}`);
    expect(logged).toEqual(
      expect.arrayContaining([
        'PUT /api/vault',
        'POST /api/notes',
        'POST /api/notes/batch',
        'GET /api/admin/backup',
      ]),
    );
    const text = Buffer.from(`${JSON.stringify(lines)}\n${printed.join('\n')}`);
    expect(occurrences(text, MARKER)).toBe(0);
    // Request lines carry URLs, never bodies: the control word reached the log only in its search's URL.
    expect(occurrences(Buffer.from(JSON.stringify(lines)), CONTROL)).toBe(1);
  });
});
