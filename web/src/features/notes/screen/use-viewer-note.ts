// The note open in the viewer, followed in the local database: its newest stored version, or, once it is gone
// from the list (deleted in another tab or on another device, pulled by live sync), the last version the
// owner saw, marked deleted, so the viewer says so in place and offers to keep a copy instead of vanishing.
import { useRef } from 'react';
import type { LocalNote } from '../../../db/types.ts';

export interface ViewerNote {
  note: LocalNote | null;
  /** The open note is no longer stored: `note` is the last version shown. */
  deletedElsewhere: boolean;
}

export function useViewerNote(
  notes: readonly LocalNote[] | undefined,
  viewerId: string | null,
  /** The first page's cards, shown before every note is read: a card pressed then opens at once on its row. */
  firstCards?: readonly LocalNote[] | null,
): ViewerNote {
  const lastShown = useRef<LocalNote | null>(null);
  if (viewerId === null) {
    lastShown.current = null;
    return { note: null, deletedElsewhere: false };
  }
  const stored = notes
    ? notes.find((note) => note.id === viewerId)
    : firstCards?.find((note) => note.id === viewerId);
  if (stored) {
    lastShown.current = stored;
    return { note: stored, deletedElsewhere: false };
  }
  // Not read yet (the list is loading), or nothing shown yet: nothing to keep. A copy just kept is not in the
  // list for a moment: the deleted note stays shown until it is.
  if (!notes || !lastShown.current) return { note: null, deletedElsewhere: false };
  return { note: lastShown.current, deletedElsewhere: true };
}
