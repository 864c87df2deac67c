// Locked notes sealed before their files were declared (issue 34, docs/decisions/locked-notes-cards-attachments.md):
// the server keeps its attachment collection paused while any locked note has no list of the files it refers to.
// Once the vault is unlocked, each such note here is opened in memory, its list worked out and stored on the row,
// and the note queued like any edit, so the next push sends the same ciphertext with the list beside it.
import { isLockedNoteText } from '@private-notes/shared';
import { db } from './db.ts';
import { lockedFilesOf, openStoredNote } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { enqueueChange } from './notes-store.ts';
import type { LocalNote } from './types.ts';

// A row whose last push was refused (or waits for a merge) keeps its state: the owner's next edit, or the merge,
// seals it again with its list.
const undeclared = (row: LocalNote) =>
  !row.deleted &&
  row.syncState !== 'error' &&
  isLockedNoteText(row.content) &&
  !Array.isArray(row.lockedFiles);

/**
 * Declares the files of every locked note that has no list yet; answers how many were queued. A note this vault
 * cannot open (another vault's, damaged) is left as it is. Safe to run again: a declared note is skipped.
 */
export async function declareLockedFiles(database: NotesDatabase = db): Promise<number> {
  const ids = (await database.notes.filter(undeclared).primaryKeys()) as string[];
  let declared = 0;
  for (const id of ids) if (await declareOne(id, database)) declared++;
  return declared;
}

async function declareOne(id: string, database: NotesDatabase): Promise<boolean> {
  return database.transaction('rw', [database.notes, database.outbox], async () => {
    const stored = await database.notes.get(id);
    if (!stored || !undeclared(stored)) return false;
    let plain: LocalNote;
    try {
      plain = openStoredNote(stored);
    } catch {
      return false;
    }
    const note: LocalNote = {
      ...stored,
      lockedFiles: lockedFilesOf(plain.content),
      syncState: 'pending',
      syncError: null,
    };
    await database.notes.put(note);
    // The stored (sealed) row is the merge base, as for any edit of a locked note.
    await enqueueChange(database, note, note.serverId === null ? 'create' : 'update', undefined, stored);
    return true;
  });
}
