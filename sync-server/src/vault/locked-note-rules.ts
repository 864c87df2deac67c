// The server's rules for locked notes (issue 34, docs/decisions/locked-notes-server.md). A locked note is an
// ordinary note whose content is the locked text (shared/src/vault/locked-note.ts) with an empty title and no
// tags: the server checks its shape (no cryptography, nothing to decrypt) and otherwise keeps it as it is.
import { isLockedNoteText, LOCKED_FILES_PLAIN_MESSAGE } from '@private-notes/shared';
import { parseLockedNote } from '@private-notes/shared/vault/locked-note';
import { LOCKED_NOTE_FIELDS_MESSAGE, LOCKED_NOTE_TEXT_MESSAGE } from '@private-notes/shared/vault/vault-api';
import { HttpError } from '../http/http-error.ts';
import type { ReadView } from '../storage/index.ts';

export interface NoteFields {
  title: string;
  content: string;
  tags: readonly string[];
  /** The files a locked note declares (shared/src/schemas/locked-files.ts), when the device sent them. */
  lockedFiles?: readonly string[] | undefined;
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

/** 400 for a list of files beside plain text (checked on the note as it will stand, like checkLockedNote). */
export function checkLockedFiles(content: string, lockedFiles: readonly string[] | undefined): void {
  if (lockedFiles !== undefined && !isLockedNoteText(content))
    throw new HttpError(400, LOCKED_FILES_PLAIN_MESSAGE);
}

/**
 * The list a write stores: the one sent; else the one kept when the locked text did not change; else null
 * ("not declared": an older app changed the text, so the old list may be stale and collection stays paused).
 * A plain note keeps none (null), its files are read from its text.
 */
export function lockedFilesAfter(
  content: string,
  sent: readonly string[] | undefined,
  kept: { content: string; lockedFiles?: string[] | null | undefined } | null,
): string[] | null {
  if (!isLockedNoteText(content)) return null;
  if (sent !== undefined) return [...sent];
  if (kept && kept.content === content) return kept.lockedFiles ?? null;
  return null;
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

/**
 * Whether any note, live or in the Trash, is locked without a declared list of files (locked before the list
 * existed, or by an older app): attachment GC cannot see what that one refers to, so it collects nothing.
 */
export function anyUndeclaredLockedNote(view: Pick<ReadView, 'find'>): boolean {
  const undeclared = (note: { content: string; lockedFiles?: string[] | null | undefined }) =>
    isLockedNoteText(note.content) && !Array.isArray(note.lockedFiles);
  return (
    view.find('notes', undeclared) !== undefined ||
    view.find('noteTombstones', (t) => t.trash !== undefined && undeclared(t.trash)) !== undefined
  );
}

/** Every hash the locked notes (live and in the Trash) declare they refer to. */
export function declaredLockedFiles(view: Pick<ReadView, 'values'>): Set<string> {
  const hashes = new Set<string>();
  for (const note of view.values('notes'))
    if (isLockedNoteText(note.content)) for (const hash of note.lockedFiles ?? []) hashes.add(hash);
  for (const tombstone of view.values('noteTombstones')) {
    const trash = tombstone.trash;
    if (trash && isLockedNoteText(trash.content))
      for (const hash of trash.lockedFiles ?? []) hashes.add(hash);
  }
  return hashes;
}
