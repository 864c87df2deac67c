// The server's rules for locked notes (issue 34, docs/decisions/locked-notes-server.md). A locked note is an
// ordinary note whose content is the locked text (shared/src/vault/locked-note.ts) with an empty title and no
// tags: the server checks its shape (no cryptography, nothing to decrypt) and otherwise keeps it as it is.
import { isLockedNoteText } from '@private-notes/shared';
import { parseLockedNote } from '@private-notes/shared/vault/locked-note';
import { LOCKED_NOTE_FIELDS_MESSAGE, LOCKED_NOTE_TEXT_MESSAGE } from '@private-notes/shared/vault/vault-api';
import { HttpError } from '../http/http-error.ts';
import type { ReadView } from '../storage/index.ts';

export interface NoteFields {
  title: string;
  content: string;
  tags: readonly string[];
}

/**
 * Throws 400 (so nothing is stored) for text that starts like a locked note but does not parse, and for a
 * locked note with a title or tags beside its encrypted text. A plain note passes untouched.
 */
export function checkLockedNote(note: NoteFields): void {
  if (!isLockedNoteText(note.content)) return;
  try {
    parseLockedNote(note.content);
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
  if (note.title.trim() !== '' || note.tags.length > 0) throw new HttpError(400, LOCKED_NOTE_FIELDS_MESSAGE);
}

/** How many of the user's notes are locked, in the Trash included (DELETE /api/vault waits for none). */
export function countLockedNotes(view: Pick<ReadView, 'filter'>, userId: number): number {
  const live = view.filter('notes', (n) => n.userId === userId && isLockedNoteText(n.content));
  const trashed = view.filter(
    'noteTombstones',
    (t) => t.userId === userId && t.trash !== undefined && isLockedNoteText(t.trash.content),
  );
  return live.length + trashed.length;
}

/** The title stored for a note: a locked note's stays empty (its own is inside the ciphertext). */
export function storedTitle(title: string, content: string, fallback: string): string {
  if (isLockedNoteText(content)) return '';
  return title.trim() || fallback;
}

/** The title an edit stores: undefined keeps it, except for an unlocked note left without one. */
export function titleAfterEdit(
  current: string,
  sent: string | undefined,
  content: string,
  fallback: string,
): string | undefined {
  if (sent !== undefined) return storedTitle(sent, content, fallback);
  return current === '' ? storedTitle('', content, fallback) : undefined;
}

/** 400 for a server feature that would need the text of a locked note (AI helpers, convert to a post). */
export function refuseLockedText(content: string): void {
  if (isLockedNoteText(content)) throw new HttpError(400, LOCKED_NOTE_TEXT_MESSAGE);
}

/** Whether any note, live or in the Trash, is locked (attachment GC cannot see what those refer to). */
export function anyLockedNote(view: Pick<ReadView, 'find'>): boolean {
  return (
    view.find('notes', (n) => isLockedNoteText(n.content)) !== undefined ||
    view.find('noteTombstones', (t) => t.trash !== undefined && isLockedNoteText(t.trash.content)) !==
      undefined
  );
}
