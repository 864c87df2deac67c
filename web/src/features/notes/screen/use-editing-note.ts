// Which screen the notes page shows (the list, or the editor on a note or a new one), and the note the editor
// edits. An editor whose note is deleted elsewhere (another tab, a pulled delete) stays open on its text: it
// says so itself and offers to keep a copy (editor/use-remote-note.ts), so the screen keeps the note it had.
import { useEffect, useRef, useState } from 'react';
import { db } from '../../../db/db.ts';
import { lastOpenEditorDraft, pruneOrphanEditorDrafts } from '../../../db/draft-store.ts';
import { TAB_GONE_WAIT_MS, tabGoneWithin } from '../../../db/tab-presence.ts';
import type { LocalNote } from '../../../db/types.ts';
import { idleAfterFirstScreen } from '../../../ui/after-first-screen.ts';

/**
 * Only the notes screen's first showing in a page load reopens an editor by itself (after a reload, a closed
 * tab, a crash). Coming back inside the app never does: the editor left there may still be storing its draft
 * as closed, and a new note left that way shows as a draft card instead.
 */
let firstShowing = true;

/**
 * `title`: a new note's title to start from (a [[link]] to a note that does not exist yet). `shown`: the note as
 * the card that opened the editor showed it (the first page's row, or a new device's early first page), edited
 * until the list of notes holds it: Edit Note pressed the moment a reloaded list shows opens the editor at once.
 */
export type Mode =
  | { kind: 'list' }
  | { kind: 'editor'; noteId: string | null; title?: string; shown?: LocalNote; locked?: boolean };

export function useEditingNote(notes: LocalNote[] | undefined) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const kept = useRef<LocalNote | null>(null);
  const found =
    mode.kind === 'editor' && mode.noteId
      ? (notes?.find((note) => note.id === mode.noteId) ??
        (mode.shown?.id === mode.noteId ? mode.shown : null))
      : null;
  if (found) kept.current = found;
  else if (mode.kind !== 'editor' || kept.current?.id !== mode.noteId) kept.current = null;
  const editing = found ?? kept.current;

  // An editor the page went away under (reload, closed tab, crash) reopens where the owner was, on its draft;
  // drafts of notes gone for a month are removed meanwhile.
  useEffect(() => {
    const reopen = firstShowing;
    firstShowing = false;
    if (reopen)
      void lastOpenEditorDraft()
        .then(async (draft) => {
          // Still shown in another open tab: that tab's editor, not one to reopen here.
          if (!draft || (draft.tab !== undefined && !(await tabGoneWithin(draft.tab, TAB_GONE_WAIT_MS))))
            return;
          // Only over the list: an editor the owner opened meanwhile (Edit Note pressed at once) stays.
          const reopen = (next: Mode) => setMode((shown) => (shown.kind === 'list' ? next : shown));
          if (draft.noteId === null) return reopen({ kind: 'editor', noteId: null });
          const exists = await db.notes.get(draft.noteId);
          if (exists && !exists.deleted) reopen({ kind: 'editor', noteId: exists.id });
        })
        .catch(() => {});
    // A read-write transaction over the notes: it would hold back the first screenful's read.
    return idleAfterFirstScreen(() => void pruneOrphanEditorDrafts().catch(() => {}));
  }, []);

  return { mode, setMode, editing };
}
