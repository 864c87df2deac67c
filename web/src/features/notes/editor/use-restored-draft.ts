// A draft of this note left by any way out of the editor (another route, a reload, a closed tab, a crash)
// comes back into the fields, with a notice and Discard. One equal to the note is stale: removed.
import { isEditorDirty, parseTags } from '@private-notes/shared';
import { useCallback, useEffect, useState } from 'react';
import { deleteOwnEditorDraft, loadEditorDraft } from '../../../db/draft-store.ts';
import { TAB_GONE_WAIT_MS, TAB_ID, tabGoneWithin } from '../../../db/tab-presence.ts';
import { type EditorFieldsState, type EditorText, inputOf, sameText } from './use-editor-fields.ts';

export interface RestoredDraft {
  savedAt: string;
  /** The text the editor opened with, which Discard puts back. */
  from: EditorText;
  /** The editor was showing it when its page went away (a reload, a closed tab, a crash), not left in-app. */
  leftByPage: boolean;
}

export function useRestoredDraft(noteId: string | null, isExisting: boolean, editor: EditorFieldsState) {
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const [checked, setChecked] = useState(false);
  const { fieldsRef, baseRef, replace } = editor;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per note (the editor is keyed by note)
  useEffect(() => {
    let cancelled = false;
    const opened = fieldsRef.current;
    loadEditorDraft(noteId)
      .then(async (draft) => {
        if (cancelled || !draft) return;
        // Another open tab is typing into this note: its text is its own until it saves.
        if (
          draft.open &&
          draft.tab !== undefined &&
          draft.tab !== TAB_ID &&
          !(await tabGoneWithin(draft.tab, TAB_GONE_WAIT_MS))
        )
          return;
        if (cancelled) return;
        const differs = isEditorDirty(
          draft,
          isExisting
            ? { title: opened.title, content: opened.content, tags: parseTags(opened.tagInput) }
            : null,
        );
        if (!differs) return deleteOwnEditorDraft(noteId, TAB_ID);
        // Typed into before the draft was read (a few milliseconds): the new typing wins.
        if (!sameText(fieldsRef.current, opened)) return;
        replace({ title: draft.title, content: draft.content, tagInput: draft.tagInput });
        // Typed over an older version of the note: saving merges with what changed since (or keeps both).
        if (isExisting && draft.base) baseRef.current = { ...draft.base, tags: [...draft.base.tags] };
        setRestored({ savedAt: draft.savedAt, from: opened, leftByPage: draft.open && draft.tab !== TAB_ID });
      })
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [noteId]);

  /** Puts back the text the editor opened with and forgets the draft; answers that text. */
  const discard = useCallback((): EditorText | null => {
    if (!restored) return null;
    replace(restored.from);
    if (isExisting) baseRef.current = inputOf(restored.from);
    setRestored(null);
    void deleteOwnEditorDraft(noteId, TAB_ID).catch(() => {});
    return restored.from;
  }, [restored, replace, noteId, isExisting, baseRef]);

  return { restored, draftChecked: checked, discard };
}
