// Export and import against real IndexedDB semantics (fake-indexeddb): round trips, re-imports, other apps'
// shapes, hostile names and broken input; and imported notes reaching the server with their source dates.
import 'fake-indexeddb/auto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote } from '../../db/notes-store.ts';
import { makeDevice, serverNotes, startTestServer } from '../../sync/sync-test-harness.ts';
import { exportNotes } from './export-notes.ts';
import { previewImport, runImport } from './run-import.ts';
import { scanImportFiles } from './scan-import-files.ts';

const databases: NotesDatabase[] = [];
let counter = 0;
function database(): NotesDatabase {
  const made = new NotesDatabase(`interchange-${process.pid}-${++counter}`);
  databases.push(made);
  return made;
}
afterEach(async () => {
  for (const made of databases.splice(0)) await made.delete();
});

const noProgress = () => {};

async function exportZip(db: NotesDatabase): Promise<File> {
  const result = await exportNotes(noProgress, {
    database: db,
    links: false,
    now: new Date('2026-03-01T00:00:00Z'),
  });
  return new File([result.blob], result.fileName, { type: 'application/zip' });
}

async function importFiles(db: NotesDatabase, files: File[], replaceExisting = false) {
  const scan = await scanImportFiles(files, noProgress, db);
  const preview = previewImport(scan);
  const outcome = await runImport(scan, { replaceExisting }, noProgress, db);
  return { scan, preview, outcome };
}

async function summary(db: NotesDatabase) {
  const notes = await db.notes.toArray();
  return notes
    .map((n) => ({
      title: n.title,
      content: n.content,
      tags: n.tags,
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
    }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.content.localeCompare(b.content));
}

describe('export → import', () => {
  it('gives the same notes in an empty database, and importing again adds nothing', async () => {
    const source = database();
    await createNote({ title: 'Alpha', content: '# Alpha\n\nbody with: colons', tags: ['x', 'y z'] }, source);
    await createNote({ title: 'CON', content: 'reserved name', tags: [] }, source);
    await createNote({ title: 'a/b: c?', content: 'hostile', tags: ['t'] }, source);
    await createNote({ title: 'a/b: c?', content: 'same title, other note', tags: [] }, source);
    await source.notes.toCollection().modify((n) => {
      n.createdAt = '2020-05-01T10:00:00.000Z';
      n.updatedAt = '2021-06-02T11:30:00.500Z';
    });
    const zip = await exportZip(source);
    expect(zip.name).toBe('private-notes-export-2026-03-01.zip');
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer()))).sort();
    expect(entries).toEqual(['Alpha.md', 'CON_.md', 'a-b- c- (2).md', 'a-b- c-.md']);

    const target = database();
    const first = await importFiles(target, [zip]);
    expect(first.preview).toEqual({ fresh: 4, here: 0, problems: 0, locked: 0 });
    expect(first.outcome).toMatchObject({ imported: 4, replaced: 0, error: null });
    expect(await summary(target)).toEqual(await summary(source));
    expect(await target.outbox.count()).toBe(4);

    const again = await importFiles(target, [zip]);
    expect(again.preview).toEqual({ fresh: 0, here: 4, problems: 0, locked: 0 });
    expect(again.outcome.imported).toBe(0);
    expect(again.outcome.lines.every((l) => l.message === 'already here: skipped')).toBe(true);
    expect(await target.notes.count()).toBe(4);
    // Into the database it came from: recognised by the exported id.
    expect((await importFiles(source, [zip])).preview).toEqual({ fresh: 0, here: 4, problems: 0, locked: 0 });
  });

  it('replacing the notes already here queues an import update for each', async () => {
    const db = database();
    const note = await createNote({ title: 'Doc', content: 'v1', tags: [] }, db);
    const zip = await exportZip(db);
    await db.notes.update(note.id, { content: 'edited after the export', serverId: 7, version: 3 });
    await db.outbox.clear();
    const { outcome } = await importFiles(db, [zip], true);
    expect(outcome.replaced).toBe(1);
    expect((await db.notes.get(note.id))?.content).toBe('v1');
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ op: 'update', reason: 'import' })]);
  });
});

describe('other sources', () => {
  it('an Obsidian vault zip: folders, heading titles, settings reported, images attached, bad files explained', async () => {
    const vault = zipSync({
      'Vault/Travel/lisbon.md': strToU8(
        '---\ntags: [travel]\ndate: 2024-05-01\n---\n# Lisbon trip\n\n![[map.png]]',
      ),
      'Vault/Inbox/untitled idea.md': strToU8('just a thought'),
      'Vault/.obsidian/app.json': strToU8('{}'),
      'Vault/attachments/map.png': new Uint8Array([137, 80, 78, 71]),
      'Vault/attachments/unused.gif': new Uint8Array([71, 73, 70]),
      'Vault/latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      'Vault/binary.md': new Uint8Array([1, 0, 2]),
    });
    const db = database();
    const { preview, outcome } = await importFiles(db, [new File([vault], 'vault.zip')]);
    expect(preview).toEqual({ fresh: 2, here: 0, problems: 2, locked: 0 });
    const notes = await summary(db);
    expect(notes.map((n) => [n.title, n.tags, n.createdAt])).toEqual([
      ['Lisbon trip', ['travel'], '2024-05-01T00:00:00.000Z'],
      ['untitled idea', [], expect.any(String)],
    ]);
    const byFile = Object.fromEntries(outcome.lines.map((l) => [l.source, `${l.status}: ${l.message}`]));
    expect(byFile).toEqual({
      'vault.zip › Vault/Travel/lisbon.md': 'imported: imported with 1 attachment',
      'vault.zip › Vault/Inbox/untitled idea.md': 'imported: imported',
      'vault.zip › Vault/.obsidian/app.json': 'skipped: app settings folder, not notes: skipped',
      'vault.zip › Vault/attachments/unused.gif':
        'skipped: image or attachment that no note links to: skipped',
      'vault.zip › Vault/latin1.md':
        'error: not UTF-8 text: save it as UTF-8 and import it again: not imported',
      'vault.zip › Vault/binary.md': 'error: not a text file (it contains binary data): not imported',
    });
  });

  it('links between imported notes become [[wikilinks]]; Obsidian links stay as they are', async () => {
    const vault = zipSync({
      'Export/Biology/Cell respiration.md': strToU8('---\ntitle: Cell respiration\n---\n\nMakes ATP.'),
      'Export/Biology/Krebs.md': strToU8(
        'Part of [Cell respiration](Cell%20respiration.md) and [the same](../Biology/Cell%20respiration.md#atp).\n' +
          'Obsidian style: [[Cell respiration]]. Web: [site](https://example.org/a.md).',
      ),
    });
    const db = database();
    await importFiles(db, [new File([vault], 'joplin.zip')]);
    const krebs = (await db.notes.toArray()).find((n) => n.title === 'Krebs')!;
    expect(krebs.content).toBe(
      'Part of [[Cell respiration]] and [[Cell respiration|the same]].\n' +
        'Obsidian style: [[Cell respiration]]. Web: [site](https://example.org/a.md).',
    );
  });

  it('loose markdown files and a Joplin export; an unknown file type is reported', async () => {
    const joplin = new File(
      [
        '---\ntitle: Meeting\ncreated: 2023-09-14 17:45:00Z\nupdated: 2023-09-14 17:50:03Z\ntags:\n  - work\n---\n\nAgenda',
      ],
      'Meeting.md',
    );
    const plain = new File(['# From heading\ntext'], 'file.md', {
      lastModified: Date.parse('2022-02-02T02:02:02Z'),
    });
    const other = new File(['%PDF'], 'paper.pdf');
    const db = database();
    const { outcome } = await importFiles(db, [joplin, plain, other]);
    expect(outcome.imported).toBe(2);
    expect(await summary(db)).toEqual([
      expect.objectContaining({ title: 'From heading', updatedAt: '2022-02-02T02:02:02.000Z' }),
      expect.objectContaining({
        title: 'Meeting',
        content: 'Agenda',
        tags: ['work'],
        createdAt: '2023-09-14T17:45:00.000Z',
        updatedAt: '2023-09-14T17:50:03.000Z',
      }),
    ]);
    expect(outcome.lines.at(-1)).toEqual({
      source: 'paper.pdf',
      status: 'skipped',
      message: 'not a markdown file, and no note links to it: skipped',
    });
  });

  it('an Evernote export, read in slices, with its resources attached', async () => {
    const { SAMPLE_ENEX } = await import('@private-notes/shared/interchange/fixtures/sample-enex');
    const db = database();
    const { outcome } = await importFiles(db, [new File([SAMPLE_ENEX], 'My Notes.enex')]);
    expect(outcome.imported).toBe(2);
    const line = outcome.lines.find((l) => l.source.includes('Sourdough'))!;
    expect(line.source).toBe('My Notes.enex › note 1 “Sourdough & starter”');
    expect(line.message).toBe('imported with 2 attachments');
    const sourdough = (await db.notes.toArray()).find((n) => n.title === 'Sourdough & starter')!;
    expect(sourdough).toMatchObject({ tags: ['baking', 'recipes'], createdAt: '2023-01-15T08:30:00.000Z' });
    expect(sourdough.content).toMatch(/^Source: <https:\/\/bread\.example\/sourdough>/);
  });
});

describe('a large Evernote export', () => {
  it('is read in slices, one note’s resources at a time; every note imported with its file', async () => {
    // 3 notes with a 12 MB resource each (each ends differently): about 48 MB of ENEX text.
    const ends = ['MTIz', 'NDU2', 'Nzg5'];
    const note = (i: number) =>
      `<note><title>Scan ${i}</title><created>20200101T000000Z</created><content><![CDATA[<en-note><div>page ${i}</div><en-media type="application/pdf"/></en-note>]]></content>` +
      `<resource><data encoding="base64">${'QUJD'.repeat(4 * 1024 * 1024)}${ends[i - 1]}\n</data><mime>application/pdf</mime><resource-attributes><file-name>scan-${i}.pdf</file-name></resource-attributes></resource></note>`;
    const text = `<?xml version="1.0" encoding="UTF-8"?><en-export>${[1, 2, 3].map(note).join('')}</en-export>`;
    expect(text.length).toBeGreaterThan(45 * 1024 * 1024);
    const db = database();
    const { outcome } = await importFiles(db, [new File([text], 'Scans.enex')]);
    expect(outcome.imported).toBe(3);
    expect(outcome.lines.filter((l) => l.status === 'imported').map((l) => l.message)).toEqual(
      [1, 2, 3].map(() => 'imported with 1 attachment'),
    );
    // The body's <en-media> names no hash, so it stays a marker, and the file is added at the note's end.
    const stored = (await db.notes.toArray()).map((n) => n.content).sort();
    expect(stored[0]).toMatch(
      /^page 1\n\n\*\[attachment not imported: application\/pdf\]\*\n\n\[scan-1\.pdf\]\(\/api\/attachments\/[0-9a-f]{64}\)$/,
    );
    const files = await db.attachments.toArray();
    expect(files.map((f) => f.size)).toEqual([
      12 * 1024 * 1024 + 3,
      12 * 1024 * 1024 + 3,
      12 * 1024 * 1024 + 3,
    ]);
  });
});

describe('bad input', () => {
  it('a file that is not a zip, a truncated zip and a broken ENEX each get a message; nothing is written', async () => {
    const good = zipSync(
      { 'a.md': strToU8('x'.repeat(5000)), 'b.md': strToU8('y'.repeat(5000)) },
      { level: 0 },
    );
    const truncated = good.slice(0, 5100);
    const db = database();
    const { preview, outcome } = await importFiles(db, [
      new File(['hello'], 'fake.zip'),
      new File([truncated], 'cut.zip'),
      new File(['<en-export><note><title>x</title></en-export>'], 'broken.enex'),
      new File(['<html></html>'], 'page.enex'),
    ]);
    const messages = outcome.lines
      .filter((l) => l.status === 'error')
      .map((l) => `${l.source}: ${l.message}`);
    expect(messages).toEqual([
      'fake.zip: not a zip file (or a damaged one): nothing imported from it',
      'cut.zip: the zip is damaged (invalid zip data): the entries listed before this were read, the rest were not',
      'cut.zip › b.md: cut short: the zip ends inside this file, so it was not imported',
      expect.stringMatching(/^broken\.enex: not valid XML \(line 1:\d+: .*\): nothing imported from it$/),
      'page.enex: not an Evernote export (the document is <html>): nothing imported from it',
    ]);
    // The complete entry before the cut is a usable note; the owner sees it in the preview.
    expect(preview.fresh).toBe(1);
    expect(outcome.imported).toBe(1);
  });

  it('a batch the database refuses stops the import and lists what was not imported', async () => {
    const db = database();
    const existing = await createNote({ title: 'Target', content: 'old', tags: [] }, db);
    const files = [
      new File([`---\nid: ${existing.id}\n---\nnew text`], 'target.md'),
      new File(['fresh'], 'fresh.md'),
    ];
    const scan = await scanImportFiles(files, noProgress, db);
    await db.notes.delete(existing.id); // gone between the preview and the import
    const outcome = await runImport(scan, { replaceExisting: true }, noProgress, db);
    expect(outcome.error).toMatch(/^Import stopped after 0 of 2 notes: The note to replace/);
    expect(outcome.lines.map((l) => l.status)).toEqual(['not-imported', 'not-imported']);
    expect(await db.notes.count()).toBe(0); // the whole batch rolled back
  });
});

describe('through the sync', () => {
  it('imported notes reach the server with their source dates', async () => {
    const server = await startTestServer();
    try {
      const cookie = await server.login();
      const device = makeDevice(server, cookie);
      databases.push(device.db);
      const file = new File(
        ['---\ntitle: Old idea\ncreated: 2015-01-01T00:00:00Z\nupdated: 2016-01-01T00:00:00Z\n---\ntext'],
        'old.md',
      );
      await importFiles(device.db, [file]);
      expect(await device.engine.syncNow()).toBe('synced');
      expect(await serverNotes(server, cookie)).toEqual([
        expect.objectContaining({
          title: 'Old idea',
          createdAt: '2015-01-01T00:00:00.000Z',
          updatedAt: '2016-01-01T00:00:00.000Z',
        }),
      ]);
      device.engine.stop();
    } finally {
      await server.close();
    }
  });
});
