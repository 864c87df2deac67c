// Conversions between the server's notes and local rows, and the comparison that tells whether two agree.
import { isLockedNoteText, type Note } from '@private-notes/shared';
import type { LocalNote } from '../db/types.ts';

export interface NoteFields {
  title: string;
  content: string;
  tags: string[];
}

/**
 * What a push sends beside a note's fields: a locked note's declared files (shared/src/schemas/locked-files.ts),
 * nothing for a plain note or a locked one sealed before the list existed.
 */
export function declaredFilesOf(note: { content: string; lockedFiles?: string[] | undefined }): {
  lockedFiles?: string[];
} {
  return isLockedNoteText(note.content) && Array.isArray(note.lockedFiles)
    ? { lockedFiles: [...note.lockedFiles] }
    : {};
}

export function fieldsOf(note: NoteFields): NoteFields {
  return { title: note.title, content: note.content, tags: [...note.tags] };
}

export function sameFields(a: NoteFields, b: NoteFields): boolean {
  return (
    a.title.trim() === b.title.trim() &&
    a.content === b.content &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag === b.tags[index])
  );
}

/** A local row in step with the server's note, under the given local id. */
export function localFromServer(note: Note, id: string): LocalNote {
  return {
    id,
    serverId: note.id,
    version: note.version,
    title: note.title,
    content: note.content,
    tags: note.tags,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    deleted: 0,
    syncState: 'synced',
    syncError: null,
    ...(Array.isArray(note.lockedFiles) ? { lockedFiles: note.lockedFiles } : {}),
  };
}
