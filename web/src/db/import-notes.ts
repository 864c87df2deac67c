// Writes imported notes: each batch is one transaction of notes, their outbox entries, the files they use and
// those files' uploads (the notes store's rule and the attachment store's), so a batch is either wholly in,
// queued for sync, or not at all: an import that stops midway leaves whole batches behind and says exactly
// which notes they were, and no file without the note that brought it.
import { DEFAULT_NOTE_TITLE, isLockedNoteText, uniqueTags } from '@private-notes/shared';
import type { ImportedNote } from '@private-notes/shared/interchange/markdown-note';
import { queueAttachmentUploads } from './attachment-store.ts';
import { newClientId } from './client-id.ts';
import { db } from './db.ts';
import { sealFields } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import { enqueueChange } from './notes-store.ts';
import type { LocalAttachment, LocalNote, OutboxEntry } from './types.ts';

export interface ImportWrite {
  note: ImportedNote;
  /** The local note to replace with the imported text, or null to add a new note. */
  replaceId: string | null;
  /**
   * Written as a locked note: sealed here, in memory, before it is stored (the vault must be unlocked, else the
   * batch fails and nothing of it is written). A locked note replaced by an import stays locked either way.
   */
  lock?: boolean;
}

/**
 * `files`: the attachments the batch's notes use that this device may not have yet, ready to store (see
 * prepareAttachment); one already stored is left as it is.
 */
export async function writeImportBatch(
  items: readonly ImportWrite[],
  database: NotesDatabase = db,
  now: Date = new Date(),
  files: readonly LocalAttachment[] = [],
): Promise<void> {
  const stamp = now.toISOString();
  const tables = [database.notes, database.outbox, database.attachments, database.uploads];
  await database.transaction('rw', tables, async () => {
    const stored = new Set(
      await database.attachments
        .where('sha256')
        .anyOf(files.map((f) => f.sha256))
        .primaryKeys(),
    );
    const fresh = files.filter((f) => !stored.has(f.sha256));
    if (fresh.length > 0) await database.attachments.bulkPut(fresh);
    const added: LocalNote[] = [];
    const written: string[] = [];
    for (const { note, replaceId, lock } of items) {
      const title = note.title.trim() || DEFAULT_NOTE_TITLE;
      const tags = uniqueTags(note.tags);
      const plain = { title, content: note.content, tags };
      if (replaceId !== null) {
        const current = await database.notes.get(replaceId);
        if (!current || current.deleted) throw new Error(`The note to replace (${replaceId}) is gone`);
        const fields = lock || isLockedNoteText(current.content) ? sealFields(replaceId, plain) : plain;
        written.push(fields.content);
        const replaced: LocalNote = {
          ...current,
          ...fields,
          updatedAt: stamp,
          syncState: 'pending',
          syncError: null,
        };
        await database.notes.put(replaced);
        // 'import': the server keeps the text this replaces as a revision first.
        await enqueueChange(
          database,
          replaced,
          replaced.serverId === null ? 'create' : 'update',
          'import',
          current,
        );
        continue;
      }
      // Source dates are kept; only a note that names none gets the import's time.
      const createdAt = note.createdAt ?? note.updatedAt ?? stamp;
      const id = newClientId();
      const fields = lock ? sealFields(id, plain) : plain;
      written.push(fields.content);
      added.push({
        id,
        serverId: null,
        version: null,
        ...fields,
        createdAt,
        updatedAt: note.updatedAt ?? createdAt,
        deleted: 0,
        syncState: 'pending',
        syncError: null,
      });
    }
    await database.notes.bulkAdd(added);
    // New notes have no entries yet, so theirs are added in bulk rather than one lookup each.
    const entries: OutboxEntry[] = added.map((note) => ({
      noteId: note.id,
      op: 'create',
      serverId: null,
      rev: 1,
      queuedAt: stamp,
      error: null,
    }));
    await database.outbox.bulkAdd(entries);
    // Each file a written note uses goes to the upload queue with it (once, and only if the server lacks it).
    // A locked note's text names none the server could see: its files stay on this device, as when pasted.
    for (const content of written) await queueAttachmentUploads(database, content);
  });
}
