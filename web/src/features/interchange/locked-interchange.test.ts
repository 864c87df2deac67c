// Locked notes through export and import (issue 34), against real IndexedDB semantics (fake-indexeddb) and a
// real vault: the locked export keeps ciphertext, the plain one only when asked with the vault unlocked; a
// locked export comes back locked into the same vault only; "Import as locked notes" seals before writing.
import 'fake-indexeddb/auto';
import { yamlScalar } from '@private-notes/shared/interchange/markdown-note';
import { createVault, type UnlockedVault, type VaultHeader } from '@private-notes/shared/vault';
import { strToU8, unzipSync } from 'fflate';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { revealNote, setLockedNoteCodec } from '../../db/locked-note-codec.ts';
import { NotesDatabase } from '../../db/notes-database.ts';
import { createNote } from '../../db/notes-store.ts';
import { createLockedNoteCache } from '../../vault/locked-note-cache.ts';
import { cacheHeader } from '../../vault/vault-header-store.ts';
import { exportNotes } from './export-notes.ts';
import { ImportRefusedError } from './locked-import.ts';
import { previewImport, runImport } from './run-import.ts';
import { scanImportFiles } from './scan-import-files.ts';

const MARKER = 'wombat-secret-8812';
const cost = { memoryKiB: 8192, iterations: 1, parallelism: 1 };
const noProgress = () => {};
let vault: UnlockedVault;
let header: VaultHeader;
let otherHeader: VaultHeader;
beforeAll(async () => {
  ({ vault, header } = await createVault('interchange passphrase', { cost }));
  const other = await createVault('another vault passphrase', { cost });
  other.vault.forget();
  otherHeader = other.header;
});
const unlock = () => setLockedNoteCodec(createLockedNoteCache(vault));
beforeEach(unlock);
afterEach(() => setLockedNoteCodec(null));

const databases: NotesDatabase[] = [];
let counter = 0;
async function database(withHeader: VaultHeader | null = header): Promise<NotesDatabase> {
  const made = new NotesDatabase(`locked-interchange-${process.pid}-${++counter}`);
  databases.push(made);
  if (withHeader) await cacheHeader({ header: withHeader, version: 1 }, made);
  return made;
}
afterEach(async () => {
  for (const made of databases.splice(0)) await made.delete();
});

async function exported(db: NotesDatabase, unlocked = false) {
  const result = await exportNotes(noProgress, { database: db, links: false, unlocked });
  const bytes = new Uint8Array(await result.blob.arrayBuffer());
  const files = unzipSync(bytes);
  const text = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextDecoder().decode(v)]));
  return { result, text, file: new File([bytes], result.fileName, { type: 'application/zip' }) };
}

/** Every byte the device stores for sync and reading: notes and outbox, as JSON. */
async function stored(db: NotesDatabase): Promise<string> {
  return JSON.stringify([await db.notes.toArray(), await db.outbox.toArray()]);
}

async function source(): Promise<NotesDatabase> {
  const db = await database();
  await createNote({ title: 'Plain', content: 'nothing secret', tags: [] }, db);
  await createNote({ title: `Diary ${MARKER}`, content: `Dear ${MARKER}`, tags: ['private'] }, db, {
    locked: true,
  });
  return db;
}

describe('export of locked notes', () => {
  it('keeps them encrypted by default, one "Locked note" file each, and counts them', async () => {
    const { result, text } = await exported(await source());
    expect(result).toMatchObject({ count: 2, locked: 1, unlocked: 0 });
    expect(Object.keys(text).sort()).toEqual(['Locked note.md', 'Plain.md']);
    expect(JSON.stringify(text)).not.toContain(MARKER);
    const lines = text['Locked note.md']!.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '---',
      expect.stringMatching(/^id: /),
      expect.stringMatching(/^created: /),
      expect.stringMatching(/^updated: /),
    ]);
    expect(lines.slice(4, 9)).toEqual([
      'locked: true',
      `vault: ${yamlScalar(header.vaultKeyId)}`,
      '---',
      '',
      'pnlocked.1',
    ]);
  });

  it('writes them in plain text only when asked with the vault unlocked', async () => {
    const db = await source();
    const { result, text } = await exported(db, true);
    expect(result).toMatchObject({ count: 2, locked: 0, unlocked: 1 });
    expect(text[`Diary ${MARKER}.md`]).toContain(`tags:\n  - private\n---\n\nDear ${MARKER}`);
    setLockedNoteCodec(null);
    await expect(exportNotes(noProgress, { database: db, links: false, unlocked: true })).rejects.toThrow(
      'unlock your locked notes first',
    );
  });
});

describe('import of locked notes', () => {
  it('restores a locked export into the same vault, locked, under a new id', async () => {
    const { file } = await exported(await source());
    const target = await database();
    const scan = await scanImportFiles([file], noProgress, target);
    expect(previewImport(scan)).toMatchObject({ fresh: 2, here: 0, locked: 1 });
    const outcome = await runImport(scan, { replaceExisting: false }, noProgress, target);
    expect(outcome).toMatchObject({ imported: 2, error: null });
    expect(await stored(target)).not.toContain(MARKER);
    const notes = (await target.notes.toArray()).map(revealNote);
    const diary = notes.find((n) => n.locked)!;
    expect(diary).toMatchObject({ title: `Diary ${MARKER}`, content: `Dear ${MARKER}`, tags: ['private'] });
    // Importing it again: recognised by its text (unlocked), skipped.
    const again = await scanImportFiles([file], noProgress, target);
    expect(previewImport(again)).toMatchObject({ fresh: 0, here: 2 });
  });

  it('needs the vault unlocked to write a locked export back', async () => {
    const { file } = await exported(await source());
    const target = await database();
    const scan = await scanImportFiles([file], noProgress, target);
    setLockedNoteCodec(null);
    const outcome = await runImport(scan, { replaceExisting: false }, noProgress, target);
    expect(outcome.imported).toBe(1);
    expect(outcome.lines.find((l) => l.source.endsWith('Locked note.md'))).toMatchObject({
      status: 'error',
      message: expect.stringContaining('could not be opened'),
    });
    expect((await target.notes.toArray()).map((n) => n.title)).toEqual(['Plain']);
  });

  it('refuses the whole import when a locked note is of another vault, or no vault is set up', async () => {
    const { file } = await exported(await source());
    for (const target of [await database(otherHeader), await database(null)]) {
      const scan = scanImportFiles([file], noProgress, target);
      await expect(scan).rejects.toBeInstanceOf(ImportRefusedError);
      await expect(scan).rejects.toThrow(/cannot be opened by this vault, so nothing was imported/);
      expect(await target.notes.count()).toBe(0);
    }
  });

  it('takes back an export made before a vault key rotation (its key is among the retired ones)', async () => {
    const { file } = await exported(await source());
    // This device's header after a rotation: another current key, the exported one retired under it.
    const rotated: VaultHeader = {
      ...otherHeader,
      retiredKeys: [{ vaultKeyId: header.vaultKeyId, wrap: otherHeader.passphraseWrap }],
    };
    const target = await database(rotated);
    const scan = await scanImportFiles([file], noProgress, target);
    expect(previewImport(scan)).toMatchObject({ fresh: 2, locked: 1 });
    const outcome = await runImport(scan, { replaceExisting: false }, noProgress, target);
    expect(outcome).toMatchObject({ imported: 2, error: null });
  });

  it('"Import as locked notes" seals every note before it reaches the database or the outbox', async () => {
    const target = await database();
    const md = new File(
      [strToU8(`---\ntitle: Health ${MARKER}\ntags: [body]\n---\nPulse ${MARKER}`)],
      'h.md',
    );
    const scan = await scanImportFiles([md], noProgress, target);
    const outcome = await runImport(scan, { replaceExisting: false, lock: true }, noProgress, target);
    expect(outcome.lines[0]).toMatchObject({ status: 'imported', message: 'imported as a locked note' });
    expect(await stored(target)).not.toContain(MARKER);
    const [note] = await target.notes.toArray();
    expect(note).toMatchObject({ title: '', tags: [] });
    expect(revealNote(note!)).toMatchObject({
      title: `Health ${MARKER}`,
      content: `Pulse ${MARKER}`,
      tags: ['body'],
    });
    // Locked: nothing can be sealed, nothing is written.
    setLockedNoteCodec(null);
    const locked = await database();
    const again = await scanImportFiles([md], noProgress, locked);
    const refused = await runImport(again, { replaceExisting: false, lock: true }, noProgress, locked);
    expect(refused.error).toMatch(/unlock your locked notes/);
    expect(await locked.notes.count()).toBe(0);
  });

  it('replacing a locked note with an imported plain file keeps it locked', async () => {
    const target = await database();
    const here = await createNote({ title: 'Journal', content: 'old', tags: [] }, target, { locked: true });
    const md = new File([strToU8(`---\ntitle: Journal\nid: ${here.id}\n---\nnew ${MARKER}`)], 'j.md');
    const scan = await scanImportFiles([md], noProgress, target);
    expect(previewImport(scan)).toMatchObject({ fresh: 0, here: 1 });
    const outcome = await runImport(scan, { replaceExisting: true }, noProgress, target);
    expect(outcome.replaced).toBe(1);
    expect(await stored(target)).not.toContain(MARKER);
    expect(revealNote((await target.notes.get(here.id))!)).toMatchObject({
      content: `new ${MARKER}`,
      locked: true,
    });
  });
});
