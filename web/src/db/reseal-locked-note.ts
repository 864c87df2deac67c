// Vault key rotation, one locked note: opened in memory and sealed again (the codec gives it a new note key under
// the rotated vault key), written with its outbox entry in one transaction like any edit, so the normal sync
// carries it. Its text, title, tags and date stay as they were.
import { isLockedNoteText } from '@private-notes/shared';
import { lockedNoteVaultKeyId } from '@private-notes/shared/vault';
import { openCardsOfNote, restoreCardsOfNote } from './card-store.ts';
import { db } from './db.ts';
import { openStoredNote, rowToStore } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { enqueueChange } from './notes-store.ts';
import type { LocalNote } from './types.ts';

/** The vault key id a stored row's note key is wrapped under, or null for a plain or damaged row. */
export function vaultKeyIdOfRow(row: Pick<LocalNote, 'content'>): string | null {
  if (!isLockedNoteText(row.content)) return null;
  try {
    return lockedNoteVaultKeyId(row.content);
  } catch {
    return null;
  }
}

/**
 * Re-seals a locked note still under another vault key than `vaultKeyId`. Answers false (nothing written) for a
 * note gone, deleted, plain, or already under `vaultKeyId`: safe to run again after an interruption.
 */
export async function resealLockedNote(
  id: string,
  vaultKeyId: string,
  database: NotesDatabase = db,
): Promise<boolean> {
  const tables = [
    database.notes,
    database.outbox,
    database.flashcards,
    database.keyPoints,
    database.cardOutbox,
  ];
  return database.transaction('rw', tables, async () => {
    const stored = await database.notes.get(id);
    if (!stored || stored.deleted) return false;
    const keyId = vaultKeyIdOfRow(stored);
    if (keyId === null || keyId === vaultKeyId) return false;
    const plain = openStoredNote(stored);
    // Its study cards are sealed under the note's key, which the re-sealing replaces: opened now, stored again
    // under the new key below, in the same transaction (an interruption leaves both as they were).
    const cards = await openCardsOfNote(id, database);
    const note = rowToStore({ ...plain, syncState: 'pending', syncError: null }, true);
    if (vaultKeyIdOfRow(note) !== vaultKeyId) throw new Error('The vault key changed during the rotation.');
    await database.notes.put(note);
    // The stored (sealed) row is the merge base: nothing plain is queued.
    await enqueueChange(database, note, note.serverId === null ? 'create' : 'update', undefined, stored);
    await restoreCardsOfNote(id, cards, database, { always: true });
    return true;
  });
}
