// The words a conflict is explained with, the same on the notes screen and in the note itself.
import type { OpenConflict } from '../../../sync/open-conflicts.ts';

export function conflictDescription(conflict: OpenConflict, shownNoteId?: string): string {
  if (shownNoteId === conflict.copyId) {
    return `This device's version of “${conflict.note.title}”. The note was changed on another device at the same time and the changes overlap, so this text was kept here as a copy.`;
  }
  return `“${conflict.note.title}” was changed on another device while you changed it here, and the changes overlap. Your version was kept as “${conflict.copy.title}”.`;
}
