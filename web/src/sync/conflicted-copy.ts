// Keeping both versions: the local text of a stale edit becomes a new note with a title that says what happened.
import { NOTE_TITLE_MAX } from '@private-notes/shared';
import { newClientId } from '../db/client-id.ts';
import type { LocalNote } from '../db/types.ts';

export function conflictedCopyTitle(title: string, at: Date): string {
  const stamp = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const suffix = ` (conflicted copy ${stamp})`;
  return title.slice(0, NOTE_TITLE_MAX - suffix.length).trimEnd() + suffix;
}

/** A new, never-synced note holding `note`'s local text. */
export function conflictedCopy(note: LocalNote, at: Date): LocalNote {
  return {
    ...note,
    id: newClientId(),
    serverId: null,
    version: null,
    title: conflictedCopyTitle(note.title, at),
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    deleted: 0,
    syncState: 'pending',
    syncError: null,
  };
}
