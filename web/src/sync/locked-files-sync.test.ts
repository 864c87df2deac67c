// A locked note's files go beside its ciphertext (issue 34, docs/decisions/locked-notes-cards-attachments.md):
// the device works out the hashes its sealed text refers to when it seals it, stores them on the row and pushes
// them as `lockedFiles`; a note sealed before the list existed declares it once the vault is unlocked. Against
// a real server on loopback (Dexie on fake-indexeddb).
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { createVault, type UnlockedVault } from '@private-notes/shared/vault';
import { sealedAttachmentMarkdown } from '@private-notes/shared/vault/sealed-file-link';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declareLockedFiles } from '../db/declare-locked-files.ts';
import { setLockedNoteCodec } from '../db/locked-note-codec.ts';
import { createNote, updateNote } from '../db/notes-store.ts';
import { createLockedNoteCache } from '../vault/locked-note-cache.ts';
import { setUpSyncFixture } from './sync-test-harness.ts';

const fx = setUpSyncFixture();
let vault: UnlockedVault;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY = 'A'.repeat(43);
const sealedImage = sha('sealed image');
const sealedPdf = sha('sealed pdf');
const plainOld = sha('plain file an older lock left');
const image = sealedAttachmentMarkdown({
  sha256: sealedImage,
  key: KEY,
  name: 'photo.png',
  mime: 'image/png',
});
const pdf = sealedAttachmentMarkdown({ sha256: sealedPdf, key: KEY, name: 'a.pdf', mime: 'application/pdf' });

beforeAll(async () => {
  vault = (
    await createVault('declared files passphrase', {
      cost: { memoryKiB: 8192, iterations: 1, parallelism: 1 },
    })
  ).vault;
});
beforeEach(() => setLockedNoteCodec(createLockedNoteCache(vault)));
afterEach(() => setLockedNoteCodec(null));

const stored = (clientId: string) =>
  fx.server.handle.store.find('notes', (note) => note.clientId === clientId);

describe('the files of a locked note, declared beside its ciphertext', () => {
  it('a locked note pushes the hashes its sealed text refers to; an edit pushes the new list; unlocking drops it', async () => {
    const a = fx.device();
    const note = await createNote({ title: 'Trip', content: `Look ${image}`, tags: [] }, a.db, {
      locked: true,
    });
    expect((await a.db.notes.get(note.id))?.lockedFiles).toEqual([sealedImage]);
    await a.engine.syncNow();
    expect(stored(note.id)?.lockedFiles).toEqual([sealedImage]);
    expect(stored(note.id)?.content.startsWith('pnlocked.1')).toBe(true);

    await updateNote(note.id, { content: `Look ${image} and ${pdf}` }, a.db);
    await a.engine.syncNow();
    expect(stored(note.id)?.lockedFiles).toEqual([sealedImage, sealedPdf]);
    // The answer was written back: the row keeps the list (and another device pulling it gets it too).
    expect((await a.db.notes.get(note.id))?.lockedFiles).toEqual([sealedImage, sealedPdf]);
    const b = fx.device();
    await b.engine.syncNow();
    expect((await b.db.notes.get(note.id))?.lockedFiles).toEqual([sealedImage, sealedPdf]);

    await updateNote(note.id, { title: 'Trip', content: 'Plain now', tags: [] }, a.db, undefined, {
      locked: false,
    });
    await a.engine.syncNow();
    expect(stored(note.id)?.content).toBe('Plain now');
    expect(stored(note.id)?.lockedFiles).toBeNull();
    expect((await a.db.notes.get(note.id))?.lockedFiles).toBeUndefined();
  });

  it('a note sealed before the list existed declares it once unlocked: same ciphertext, list beside it', async () => {
    const a = fx.device();
    const note = await createNote(
      { title: 'Old', content: `From before ${image} and /api/attachments/${plainOld}`, tags: [] },
      a.db,
      { locked: true },
    );
    // As an older app stored it: no list on the row, so none is pushed.
    const { lockedFiles: _files, ...oldRow } = (await a.db.notes.get(note.id))!;
    await a.db.notes.put(oldRow);
    await a.engine.syncNow();
    const before = stored(note.id)!;
    expect(before.lockedFiles ?? null).toBeNull();

    expect(await declareLockedFiles(a.db)).toBe(1);
    await a.engine.syncNow();
    const after = stored(note.id)!;
    expect(after.content).toBe(before.content);
    // The plain file an older lock left is declared too: the server keeps it while the note refers to it.
    expect(after.lockedFiles).toEqual([sealedImage, plainOld]);
    expect(await declareLockedFiles(a.db)).toBe(0);
  });

  it('while the vault is locked nothing is declared (the note cannot be opened) and nothing breaks', async () => {
    const a = fx.device();
    const note = await createNote({ title: 'Shut', content: `x ${image}`, tags: [] }, a.db, { locked: true });
    const { lockedFiles: _files, ...oldRow } = (await a.db.notes.get(note.id))!;
    await a.db.notes.put(oldRow);
    setLockedNoteCodec(null);
    expect(await declareLockedFiles(a.db)).toBe(0);
    expect((await a.db.notes.get(note.id))?.lockedFiles).toBeUndefined();
  });
});
