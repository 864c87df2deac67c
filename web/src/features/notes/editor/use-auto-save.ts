// Settings › auto-save: an existing note is saved by itself this many seconds after it became dirty, and at
// once when the editor is left or the page hidden (the owner chose automatic saves: the text is not left
// behind as a draft only). Every change is kept in the note's draft meanwhile (use-draft-persistence.ts);
// sign-out stores it first and, with auto-save on, saves the note so the sync can push it.
// An automatic save merges with a change made elsewhere like Save does, but never makes a conflicted copy by
// itself: overlapping edits wait, in the draft and on screen, for the owner's Save.
import { canSaveNote, isEditorDirty, parseTags } from '@private-notes/shared';
import { type RefObject, useEffect, useRef } from 'react';
import { clearDraft, deleteEditorDraftIfSaved } from '../../../db/draft-store.ts';
import { isLockedNoteId } from '../../../db/locked-note-codec.ts';
import type { NoteInput } from '../../../db/notes-store.ts';
import { saveEditedNote } from '../../../db/save-edited-note.ts';
import { registerBeforeVaultLock } from '../../../vault/vault-status.ts';
import { registerLogoutFlush } from '../../auth/logout-guard.ts';
import { type DraftPersistence, useDraftPersistence } from '../use-draft-persistence.ts';
import { type EditorFieldsState, inputOf, noteInputOf, sameText, textOf } from './use-editor-fields.ts';
import type { RemoteChange } from './use-remote-note.ts';

interface AutoSaveInput {
  noteId: string | null;
  isExisting: boolean;
  editor: EditorFieldsState;
  /** Seconds; 0 is off. */
  autoSave: number;
  draftChecked: boolean;
  saving: boolean;
  written: RefObject<NoteInput | null>;
  remote: { change: RemoteChange | null; setChange(change: RemoteChange | null): void };
}

export function useAutoSave(input: AutoSaveInput): {
  persistence: DraftPersistence;
  /** True when saved (merged too), false when it failed, null with nothing it could save. */
  saveInPlace(): Promise<boolean | null>;
} {
  const { noteId, isExisting, editor, autoSave, draftChecked, saving, written } = input;
  const { title, content, tagInput, dirty, fieldsRef, baseRef } = editor;
  /** The text last saved as the note's version (or being saved): never saved twice. */
  const savedRef = useRef(editor.baseline);
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;
  const latest = useRef(input);
  latest.current = input;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function saveInPlace(): Promise<boolean | null> {
    const { editor: current, remote: remoteNow } = latest.current;
    const fields = fieldsRef.current;
    const previous = savedRef.current;
    const base = baseRef.current;
    if (!noteId || !isExisting || !base || !canSaveNote(fields, false)) return null;
    if (remoteNow.change === 'overlap' || remoteNow.change === 'deleted') return null;
    if (!isEditorDirty(fields, { ...previous, tags: parseTags(previous.tagInput) })) return null;
    savedRef.current = fields;
    const edited = inputOf(fields);
    written.current = edited;
    let result: Awaited<ReturnType<typeof saveEditedNote>>;
    try {
      await persistence.flush();
      result = await saveEditedNote(noteId, base, edited, undefined, { keepBoth: false });
    } catch {
      // Not saved: the draft (stored just before) still holds the text.
      savedRef.current = previous;
      return false;
    }
    if (result.kind === 'deleted' || result.kind === 'overlap') {
      savedRef.current = previous;
      if (mounted.current) remoteNow.setChange(result.kind);
      return null;
    }
    if (result.kind === 'merged' && mounted.current && sameText(fieldsRef.current, fields)) {
      // The change made elsewhere is now in the editor too.
      const merged = textOf(result.note);
      baseRef.current = noteInputOf(result.note);
      savedRef.current = merged;
      current.replace(merged, merged);
      remoteNow.setChange('merged');
    } else {
      // Typed on meanwhile after a merge: the next save merges from what was sent.
      baseRef.current = result.kind === 'saved' ? noteInputOf(result.note) : edited;
      if (mounted.current) current.setBaseline(fields);
    }
    await deleteEditorDraftIfSaved(noteId, fields).catch(() => {});
    await clearDraft().catch(() => {});
    return true;
  }
  const saveRef = useRef(saveInPlace);
  saveRef.current = saveInPlace;

  const persistence = useDraftPersistence({
    noteId,
    title,
    content,
    tagInput,
    dirty,
    base: baseRef,
    ready: draftChecked,
    onLeave: () => {
      if (autoSaveRef.current > 0) void saveRef.current();
    },
  });
  useEffect(
    () =>
      registerLogoutFlush(async () => {
        await persistence.flush();
        if (autoSaveRef.current > 0) await saveRef.current();
      }),
    [persistence],
  );
  // A locked note's text has no draft at rest: before the vault locks (idle, Lock, sign-out) it is saved, sealed.
  useEffect(
    () =>
      registerBeforeVaultLock(async () => {
        if (isLockedNoteId(noteId)) await saveRef.current();
      }),
    [noteId],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the countdown only when the text changes
  useEffect(() => {
    if (!isExisting || !dirty || saving || autoSave <= 0 || !canSaveNote({ title, content }, false)) return;
    const timer = setTimeout(() => void saveRef.current(), autoSave * 1000);
    return () => clearTimeout(timer);
  }, [dirty, autoSave, noteId, title, content, tagInput]);

  return { persistence, saveInPlace: () => saveRef.current() };
}
