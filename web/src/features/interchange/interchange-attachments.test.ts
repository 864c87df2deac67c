// Attachments through export and import, against real IndexedDB semantics (fake-indexeddb) and, where the
// server is involved, the real sync server: `_resources/` files and relative links out; other apps' file links,
// Obsidian embeds, Joplin resources, this product's own export and Evernote resources in, stored with their
// notes and queued for upload; round trips with identical bytes; every file that cannot come along reported.
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { attachmentMarkdown } from '@private-notes/shared';
import {
  SAMPLE_ENEX,
  SAMPLE_ENEX_JPEG_SHA256,
  SAMPLE_ENEX_PNG_SHA256,
} from '@private-notes/shared/interchange/fixtures/sample-enex';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { saveAttachmentLimits, storeAttachment } from '../../db/attachment-store.ts';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote } from '../../db/notes-store.ts';
import { type BytesRequest, createBytesRequest, TransientSyncError } from '../../sync/sync-http.ts';
import { makeDevice, startTestServer } from '../../sync/sync-test-harness.ts';
import { exportNotes } from './export-notes.ts';
import { previewImport, runImport } from './run-import.ts';
import { scanImportFiles } from './scan-import-files.ts';

const databases: NotesDatabase[] = [];
let counter = 0;
function database(): NotesDatabase {
  const made = new NotesDatabase(`interchange-files-${process.pid}-${++counter}`);
  databases.push(made);
  return made;
}
afterEach(async () => {
  for (const made of databases.splice(0)) await made.delete();
});

const noProgress = () => {};
const sha256 = (bytes: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(new Uint8Array(bytes as ArrayBuffer))
    .digest('hex');

/** Bytes that sniff as PNG, distinct per seed. */
function png(seed: number, size = 600): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = (i * 31 + seed) % 256;
  return bytes;
}
const pdf = (text: string) => strToU8(`%PDF-1.4 ${text}`);

/** An unreachable server: the export must finish without the files it would have fetched. */
const offline: BytesRequest = async () => {
  throw new TransientSyncError('network error');
};

async function exportZip(db: NotesDatabase, bytesRequest: BytesRequest = offline) {
  const result = await exportNotes(noProgress, {
    database: db,
    links: false,
    now: new Date('2026-03-01T00:00:00Z'),
    bytesRequest,
  });
  return { result, file: new File([result.blob], result.fileName, { type: 'application/zip' }) };
}

async function importFiles(db: NotesDatabase, files: File[]) {
  const scan = await scanImportFiles(files, noProgress, db);
  const preview = previewImport(scan);
  const outcome = await runImport(scan, { replaceExisting: false }, noProgress, db);
  const byFile = Object.fromEntries(outcome.lines.map((l) => [l.source, `${l.status}: ${l.message}`]));
  return { scan, preview, outcome, byFile };
}

async function withPicture(db: NotesDatabase, title: string, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const file = await storeAttachment({ bytes: bytes.buffer, name }, db);
  await createNote({ title, content: `Look: ${attachmentMarkdown(file)}\n`, tags: [] }, db);
  return file;
}

async function notesByTitle(db: NotesDatabase) {
  const notes = await db.notes.toArray();
  return Object.fromEntries(notes.map((n) => [n.title, n.content]));
}

async function storedHashes(db: NotesDatabase): Promise<string[]> {
  const rows = await db.attachments.toArray();
  for (const row of rows) expect(sha256(row.bytes)).toBe(row.sha256);
  return rows.map((r) => r.sha256).sort();
}

describe('export with attachments', () => {
  it('writes each file once into _resources/, numbered on collision, and links the notes to it relatively', async () => {
    const db = database();
    const one = await withPicture(db, 'First', png(1), 'photo.jpg');
    const two = await withPicture(db, 'Second', png(2), 'photo.jpg');
    const report = await storeAttachment(
      { bytes: pdf('report').buffer as ArrayBuffer, name: 'a/b: report?.pdf' },
      db,
    );
    await createNote(
      {
        title: 'Third',
        content: `Again ${attachmentMarkdown(one)} and ${attachmentMarkdown(report)}`,
        tags: [],
      },
      db,
    );
    const { result, file } = await exportZip(db);
    expect(result).toMatchObject({ count: 3, files: 3, missing: [] });
    const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      'First.md',
      'Second.md',
      'Third.md',
      '_resources/a_b- report-.pdf',
      '_resources/photo (2).jpg',
      '_resources/photo.jpg',
    ]);
    expect(sha256(entries['_resources/photo.jpg']!)).toBe(one.sha256);
    expect(sha256(entries['_resources/photo (2).jpg']!)).toBe(two.sha256);
    expect(sha256(entries['_resources/a_b- report-.pdf']!)).toBe(report.sha256);
    expect(strFromU8(entries['First.md']!)).toMatch(/\n\nLook: !\[photo\.jpg\]\(_resources\/photo\.jpg\)\n$/);
    expect(strFromU8(entries['Second.md']!)).toContain('![photo.jpg](_resources/photo%20%282%29.jpg)');
    expect(strFromU8(entries['Third.md']!)).toContain(
      'Again ![photo.jpg](_resources/photo.jpg) and [a_b: report?.pdf](_resources/a_b-%20report-.pdf)',
    );
  });

  it('fetches files this browser lacks from the server, and lists the ones it cannot get, keeping their links', async () => {
    const server = await startTestServer();
    try {
      const cookie = await server.login();
      const device = makeDevice(server, cookie);
      databases.push(device.db);
      const there = await withPicture(device.db, 'Uploaded', png(3), 'there.png');
      expect(await device.engine.syncNow()).toBe('synced');
      device.engine.stop();
      // This device's copy goes (a browser that synced the note but never downloaded the file).
      await device.db.attachments.clear();
      const gone = 'f'.repeat(64);
      await createNote(
        {
          title: 'Broken',
          content: `![lost.png](/api/attachments/${gone}) [also](/api/attachments/${gone})`,
          tags: [],
        },
        device.db,
      );
      await createNote(
        { title: 'Broken too', content: `![lost.png](/api/attachments/${gone})`, tags: [] },
        device.db,
      );
      const bytesRequest = createBytesRequest({ baseUrl: server.url, headers: () => ({ cookie }) });
      const { result, file } = await exportZip(device.db, bytesRequest);
      expect(result.files).toBe(1);
      expect(result.missing).toEqual([{ sha256: gone, name: 'lost.png', notes: ['Broken', 'Broken too'] }]);
      const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
      expect(sha256(entries['_resources/there.png']!)).toBe(there.sha256);
      expect(strFromU8(entries['Broken.md']!)).toContain(`![lost.png](/api/attachments/${gone})`);

      // Offline: nothing can be fetched, the export still completes and says so.
      const offlineExport = await exportZip(device.db);
      expect(offlineExport.result.count).toBe(3);
      expect(offlineExport.result.missing.map((m) => m.name).sort()).toEqual(['lost.png', 'there.png']);
    } finally {
      await server.close();
    }
  });
});

describe('export → import round trip with attachments', () => {
  it('gives the same notes and the same file bytes in an empty database; importing again adds nothing', async () => {
    const source = database();
    await withPicture(source, 'Trip', png(4), 'beach photo.png');
    await withPicture(source, 'Trip again', png(4), 'beach photo.png');
    const report = await storeAttachment(
      { bytes: pdf('r').buffer as ArrayBuffer, name: 'report (final).pdf' },
      source,
    );
    await createNote({ title: 'Doc', content: `See ${attachmentMarkdown(report)}.`, tags: ['w'] }, source);
    await createNote({ title: 'Plain', content: 'no files', tags: [] }, source);
    const { file } = await exportZip(source);

    const target = database();
    const first = await importFiles(target, [file]);
    expect(first.preview).toEqual({ fresh: 4, here: 0, problems: 0, locked: 0 });
    expect(first.outcome).toMatchObject({ imported: 4, error: null });
    expect(first.byFile[`${file.name} › Trip.md`]).toBe('imported: imported with 1 attachment');
    expect(await notesByTitle(target)).toEqual(await notesByTitle(source));
    expect(await storedHashes(target)).toEqual(await storedHashes(source));
    // Each file queued for upload once, in the transaction that wrote its notes.
    expect((await target.uploads.toArray()).map((u) => u.sha256).sort()).toEqual(await storedHashes(source));

    const again = await importFiles(target, [file]);
    expect(again.preview).toEqual({ fresh: 0, here: 4, problems: 0, locked: 0 });
    expect(await target.notes.count()).toBe(4);
    expect(await target.attachments.count()).toBe(2);

    // Without the exported ids, the notes are still recognised by their text (links rewritten back first).
    const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
    for (const name of Object.keys(entries).filter((n) => n.endsWith('.md')))
      entries[name] = strToU8(strFromU8(entries[name]!).replace(/^id: .*\n/m, ''));
    const anonymous = new File([zipSync(entries)], 'no-ids.zip');
    expect((await importFiles(target, [anonymous])).preview).toEqual({
      fresh: 0,
      here: 4,
      problems: 0,
      locked: 0,
    });
  });
});

describe('importing files from other apps', () => {
  it('an Obsidian vault: embeds found by name anywhere, sizes dropped, missing and oversized files reported', async () => {
    const db = database();
    await saveAttachmentLimits({ maxBytes: 5000, quotaBytes: 10_000_000, usedBytes: 0 }, db);
    const vault = zipSync({
      'Vault/Travel/lisbon.md': strToU8(
        '# Lisbon\n\n![[map.png]] ![[map.png|300]] ![[gone.png]] [[ticket.pdf|Ticket]] ![[huge.png]] [[Other note]]',
      ),
      'Vault/Daily/today.md': strToU8('![tram](../attachments/tram%201.png) and ![map](attachments/map.png)'),
      'Vault/attachments/map.png': png(5),
      'Vault/attachments/tram 1.png': png(6),
      'Vault/files/ticket.pdf': pdf('ticket'),
      'Vault/attachments/huge.png': png(7, 6000),
      'Vault/attachments/unused.png': png(8),
      'Vault/.obsidian/app.json': strToU8('{}'),
    });
    const { outcome, byFile } = await importFiles(db, [new File([vault], 'vault.zip')]);
    expect(outcome.imported).toBe(2);
    const map = sha256(png(5));
    const notes = await notesByTitle(db);
    expect(notes.Lisbon).toBe(
      `# Lisbon\n\n![map.png](/api/attachments/${map}) ![map.png](/api/attachments/${map}) ![[gone.png]] [Ticket](/api/attachments/${sha256(pdf('ticket'))}) ![[huge.png]] [[Other note]]`,
    );
    expect(notes.today).toBe(
      `![tram](/api/attachments/${sha256(png(6))}) and ![map](/api/attachments/${map})`,
    );
    expect(byFile).toEqual({
      'vault.zip › Vault/Travel/lisbon.md':
        'imported: imported with 2 attachments; gone.png: not found in the import; the link stays as it was; huge.png is too large (5.9 KB); files can be at most 4.9 KB; the link stays as it was',
      'vault.zip › Vault/Daily/today.md': 'imported: imported with 2 attachments',
      'vault.zip › Vault/attachments/unused.png':
        'skipped: image or attachment that no note links to: skipped',
      'vault.zip › Vault/.obsidian/app.json': 'skipped: app settings folder, not notes: skipped',
    });
    expect(await storedHashes(db)).toEqual([map, sha256(png(6)), sha256(pdf('ticket'))].sort());
    expect(await db.uploads.count()).toBe(3);
  });

  it('a Joplin export (../_resources links) and loose files chosen together; a missing file is not fatal', async () => {
    const db = database();
    const joplin = zipSync({
      'Work/Meeting.md': strToU8(
        '---\ntitle: Meeting\ncreated: 2023-09-14 17:45:00Z\n---\n\n![whiteboard.png](../_resources/4f1c9a.png)\n\n[spec v2.pdf](../_resources/spec%20v2.pdf)\n\n![](../_resources/missing.png)',
      ),
      '_resources/4f1c9a.png': png(9),
      '_resources/spec v2.pdf': pdf('spec'),
    });
    const loose = [new File(['Here: ![](pics/cat.png)'], 'cat.md'), new File([png(10)], 'cat.png')];
    const { outcome, byFile } = await importFiles(db, [new File([joplin], 'joplin.zip'), ...loose]);
    expect(outcome).toMatchObject({ imported: 2, error: null });
    const notes = await notesByTitle(db);
    expect(notes.Meeting).toBe(
      `![whiteboard.png](/api/attachments/${sha256(png(9))})\n\n[spec v2.pdf](/api/attachments/${sha256(pdf('spec'))})\n\n![](../_resources/missing.png)`,
    );
    // Not in the folder it names, but the one file of that name in the import.
    expect(notes.cat).toBe(`Here: ![](/api/attachments/${sha256(png(10))})`);
    expect(byFile['joplin.zip › Work/Meeting.md']).toBe(
      'imported: imported with 2 attachments; ../_resources/missing.png: not found in the import; the link stays as it was',
    );
    expect(await db.uploads.count()).toBe(3);
  });

  it('an Evernote export: resources decoded, placed by MD5, stored and queued with their note', async () => {
    const db = database();
    const { outcome, byFile } = await importFiles(db, [new File([SAMPLE_ENEX], 'My Notes.enex')]);
    expect(outcome.imported).toBe(2);
    expect(byFile['My Notes.enex › note 1 “Sourdough & starter”']).toBe(
      'imported: imported with 2 attachments',
    );
    const sourdough = (await notesByTitle(db))['Sourdough & starter']!;
    expect(sourdough).toContain(`![starter.jpg](/api/attachments/${SAMPLE_ENEX_JPEG_SHA256})`);
    expect(sourdough).toContain(`Crumb: ![crumb.png](/api/attachments/${SAMPLE_ENEX_PNG_SHA256})`);
    expect(await storedHashes(db)).toEqual([SAMPLE_ENEX_JPEG_SHA256, SAMPLE_ENEX_PNG_SHA256].sort());
    const png = await db.attachments.get(SAMPLE_ENEX_PNG_SHA256);
    expect(png).toMatchObject({ name: 'crumb.png', mime: 'image/png', size: 73, uploaded: 0 });
    expect(await db.uploads.count()).toBe(2);
    // Importing the same file again: nothing new, no second copy of any file.
    const again = await importFiles(db, [new File([SAMPLE_ENEX], 'My Notes.enex')]);
    expect(again.preview).toEqual({ fresh: 0, here: 2, problems: 0, locked: 0 });
    expect(await db.attachments.count()).toBe(2);
  });

  it('an Evernote resource over the limit stays a marker, with the reason in the report', async () => {
    const db = database();
    await saveAttachmentLimits({ maxBytes: 80, quotaBytes: 10_000_000, usedBytes: 0 }, db);
    const { byFile } = await importFiles(db, [new File([SAMPLE_ENEX], 'My Notes.enex')]);
    expect(byFile['My Notes.enex › note 1 “Sourdough & starter”']).toBe(
      'imported: imported with 1 attachment; starter.jpg is too large (93 B); files can be at most 80 B: not imported; the note marks where it was',
    );
    const sourdough = (await notesByTitle(db))['Sourdough & starter']!;
    expect(sourdough).toContain('*[attachment not imported: image/jpeg]*');
    expect(await storedHashes(db)).toEqual([SAMPLE_ENEX_PNG_SHA256]);
  });

  it('a file that changed between the preview and the import stops the import; nothing of its batch is kept', async () => {
    const db = database();
    const scan = await scanImportFiles(
      [new File(['![](a.png)'], 'a.md'), new File([png(11)], 'a.png')],
      noProgress,
      db,
    );
    // The file on disk is edited after the preview: reading it again gives other bytes.
    scan.candidates[0]!.attachments[0]!.read = async () => png(12);
    const outcome = await runImport(scan, { replaceExisting: false }, noProgress, db);
    expect(outcome.error).toBe('Import stopped after 0 of 1 notes: a.png changed since the preview');
    expect(await db.notes.count()).toBe(0);
    expect(await db.attachments.count()).toBe(0);
    expect(await db.uploads.count()).toBe(0);
  });
});
