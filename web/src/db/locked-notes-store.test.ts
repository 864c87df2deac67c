// Locked notes at the database's edge (locked-note-codec.ts with the real vault codec): sealed before anything is
// written, read in plain text in memory only, refused while locked, merged in plain text, drafts never at rest.
import 'fake-indexeddb/auto';
import { createVault, parseLockedNote, type UnlockedVault } from '@private-notes/shared/vault';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLockedNoteCache } from '../vault/locked-note-cache.ts';
import { forgetDraftsOf, putEditorDraft, saveDraft } from './draft-store.ts';
import { isLockedNoteId, revealNote, setLockedNoteCodec, VAULT_LOCKED_MESSAGE } from './locked-note-codec.ts';
import { NotesDatabase } from './notes-database.ts';
import { createNote, updateNote } from './notes-store.ts';
import { saveEditedNote } from './save-edited-note.ts';

const MARKER = 'quokka-marker-5521';
let vault: UnlockedVault;

const open: NotesDatabase[] = [];
function freshDb(): NotesDatabase {
  const database = new NotesDatabase(`locked-test-${Math.random()}`);
  open.push(database);
  return database;
}

/** Every row of every table, as text: what an attacker with the device's storage would read. */
async function everything(database: NotesDatabase): Promise<string> {
  const parts = await Promise.all(database.tables.map((table) => table.toArray()));
  return JSON.stringify(parts);
}

beforeAll(async () => {
  vault = (
    await createVault('test passphrase words here', {
      cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 },
    })
  ).vault;
});
beforeEach(() => setLockedNoteCodec(createLockedNoteCache(vault)));
afterEach(async () => {
  setLockedNoteCodec(null);
  for (const database of open.splice(0)) await database.delete();
});

describe('locked notes in the notes store', () => {
  it('creates a locked note sealed: empty title, no tags, locked text; plain only in the returned view', async () => {
    const db = freshDb();
    const note = await createNote({ title: `Diary ${MARKER}`, content: MARKER, tags: [MARKER] }, db, {
      locked: true,
    });
    expect(note).toMatchObject({ title: `Diary ${MARKER}`, content: MARKER, tags: [MARKER], locked: true });
    const row = await db.notes.get(note.id);
    expect(row?.title).toBe('');
    expect(row?.tags).toEqual([]);
    expect(row?.content.startsWith('pnlocked.1\n')).toBe(true);
    expect(row).not.toHaveProperty('locked');
    expect(await everything(db)).not.toContain(MARKER);
    expect(revealNote(row!)).toMatchObject({ title: `Diary ${MARKER}`, content: MARKER, locked: true });
  });

  it('locks an existing note, keeps its key across edits, and makes it plain again on request', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Plain', content: MARKER, tags: ['x'] }, db);
    await updateNote(note.id, {}, db, undefined, { locked: true });
    const first = (await db.notes.get(note.id))!;
    expect(await everything(db)).not.toContain(MARKER);
    const edited = await updateNote(note.id, { content: `${MARKER} again` }, db);
    expect(edited).toMatchObject({ title: 'Plain', content: `${MARKER} again`, tags: ['x'], locked: true });
    const second = (await db.notes.get(note.id))!;
    expect(parseLockedNote(second.content).noteKey).toEqual(parseLockedNote(first.content).noteKey);
    expect(second.content).not.toBe(first.content);
    await updateNote(note.id, {}, db, undefined, { locked: false });
    expect(await db.notes.get(note.id)).toMatchObject({
      title: 'Plain',
      content: `${MARKER} again`,
      tags: ['x'],
    });
  });

  it('queues the edit of a synced locked note with its sealed text as the merge base, never plain', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'Synced', content: `old ${MARKER}`, tags: [] }, db, {
      locked: true,
    });
    await db.outbox.clear();
    await db.notes.update(note.id, { serverId: 7, version: 3, syncState: 'synced' });
    await updateNote(note.id, { content: 'new text' }, db);
    const [entry] = await db.outbox.toArray();
    expect(entry?.base?.content.startsWith('pnlocked.1\n')).toBe(true);
    expect(await everything(db)).not.toContain(MARKER);
  });

  it('refuses to change a locked note while the vault is locked, and changes nothing', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: MARKER, tags: [] }, db, { locked: true });
    const before = await db.notes.get(note.id);
    setLockedNoteCodec(null);
    await expect(updateNote(note.id, { content: 'new' }, db)).rejects.toThrow(VAULT_LOCKED_MESSAGE);
    await expect(createNote({ title: 'x', content: 'y', tags: [] }, db, { locked: true })).rejects.toThrow(
      VAULT_LOCKED_MESSAGE,
    );
    expect(await db.notes.get(note.id)).toEqual(before);
    expect(await db.notes.count()).toBe(1);
    expect(revealNote(before!)).toEqual(before);
  });

  it('merges an editor save with a change made elsewhere in plain text, and seals the result', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'one\ntwo\nthree', tags: [] }, db, { locked: true });
    const base = { title: 'T', content: 'one\ntwo\nthree', tags: [] };
    await updateNote(note.id, { content: 'ONE\ntwo\nthree' }, db); // another tab
    const result = await saveEditedNote(note.id, base, { ...base, content: 'one\ntwo\nTHREE' }, db);
    expect(result.kind).toBe('merged');
    const row = (await db.notes.get(note.id))!;
    expect(row.title).toBe('');
    expect(revealNote(row).content).toBe('ONE\ntwo\nTHREE');
  });

  it('keeps a conflicted copy of a locked note locked too', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'same line', tags: [] }, db, { locked: true });
    const base = { title: 'T', content: 'same line', tags: [] };
    await updateNote(note.id, { content: 'their line' }, db);
    const result = await saveEditedNote(note.id, base, { ...base, content: `my ${MARKER} line` }, db);
    expect(result.kind).toBe('conflict');
    expect(await everything(db)).not.toContain(MARKER);
    if (result.kind !== 'conflict') return;
    expect(revealNote((await db.notes.get(result.copy.id))!).content).toBe(`my ${MARKER} line`);
  });

  it('never stores a draft of a locked note', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db, { locked: true });
    expect(isLockedNoteId(note.id)).toBe(true);
    await putEditorDraft({ noteId: note.id, title: 'T', content: MARKER, tagInput: '', open: true }, db);
    await saveDraft({ noteId: note.id, title: 'T', content: MARKER, tagInput: '' }, db);
    expect(await db.noteDrafts.count()).toBe(0);
    expect(await db.drafts.count()).toBe(0);
    await putEditorDraft({ noteId: null, title: 'plain', content: 'plain', tagInput: '', open: true }, db);
    expect(await db.noteDrafts.count()).toBe(1);
  });

  it('forgets the plain drafts a note had before it was locked', async () => {
    const db = freshDb();
    const note = await createNote({ title: 'T', content: 'c', tags: [] }, db);
    await putEditorDraft({ noteId: note.id, title: 'T', content: MARKER, tagInput: '', open: false }, db);
    await saveDraft({ noteId: note.id, title: 'T', content: MARKER, tagInput: '' }, db);
    await updateNote(note.id, {}, db, undefined, { locked: true });
    await forgetDraftsOf(note.id, db);
    expect(await everything(db)).not.toContain(MARKER);
  });
});
