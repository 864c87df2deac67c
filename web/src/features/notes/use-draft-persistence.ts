// Keeps the editor's text in the per-note drafts (web/src/db/draft-store.ts): within about a second of each
// change (batched by draft-writer.ts), and at once when the page is hidden or closed and when the editor is
// left in the app. The editor's own "Editing..." / "Draft saved" texts are the spec's (use-note-draft.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { deleteOwnEditorDraft, type EditorDraftFields, putEditorDraft } from '../../db/draft-store.ts';
import { createDraftWriter } from '../../db/draft-writer.ts';
import { TAB_ID } from '../../db/tab-presence.ts';

export type LeaveKind = 'hidden' | 'unmount';

export interface DraftPersistenceInput {
  noteId: string | null;
  title: string;
  content: string;
  tagInput: string;
  dirty: boolean;
  /** False until the editor has looked for a draft to restore: nothing is written (or removed) before. */
  ready: boolean;
  /** The stored note the editor's text is typed over (kept with the draft: see EditorDraft.base). */
  base?: { readonly current: EditorDraftFields['base'] | null };
  /** Called after the draft is stored when the page is hidden or the editor is left (auto-save uses it). */
  onLeave(kind: LeaveKind): void;
}

export interface DraftPersistence {
  /** Stores the pending text now (before a save or a sign-out). */
  flush(): Promise<void>;
  /** The text was saved or discarded and the editor closes: nothing more is written. */
  close(): void;
}

export function useDraftPersistence(input: DraftPersistenceInput): DraftPersistence {
  const { noteId, title, content, tagInput, dirty, ready, base: baseRef } = input;
  // The editor is keyed by note, so one writer serves its whole life.
  const [writer] = useState(() => createDraftWriter<EditorDraftFields>((fields) => putEditorDraft(fields)));
  const closed = useRef(false);
  const latest = useRef<EditorDraftFields | null>(null);
  const wasDirty = useRef(false);
  const onLeave = useRef(input.onLeave);
  onLeave.current = input.onLeave;

  useEffect(() => {
    if (!ready || closed.current) return;
    if (!dirty) {
      // Typed back to the saved text (or just saved): no draft is left to offer.
      latest.current = null;
      writer.cancel();
      if (wasDirty.current) void deleteOwnEditorDraft(noteId, TAB_ID).catch(() => {});
      wasDirty.current = false;
      return;
    }
    wasDirty.current = true;
    const base = baseRef?.current ?? undefined;
    latest.current = { noteId, title, content, tagInput, open: true, tab: TAB_ID, ...(base ? { base } : {}) };
    writer.update(latest.current);
  }, [writer, noteId, title, content, tagInput, dirty, ready, baseRef]);

  useEffect(() => {
    const store = () => {
      if (closed.current) return;
      void writer.flush();
      if (latest.current) onLeave.current('hidden');
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') store();
    };
    window.addEventListener('pagehide', store);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', store);
      document.removeEventListener('visibilitychange', onVisibility);
      // Left inside the app (another route, back, sign-out): stored as not open, so the notes screen does not
      // reopen it by itself; opening the note again offers it.
      if (closed.current || !latest.current) return;
      writer.update({ ...latest.current, open: false });
      void writer.flush();
      onLeave.current('unmount');
    };
  }, [writer]);

  return useMemo(
    () => ({
      flush: () => writer.flush(),
      close: () => {
        closed.current = true;
        latest.current = null;
        writer.cancel();
      },
    }),
    [writer],
  );
}
