// The editor's drafts: the spec's single note_draft row (the visible 5-second "Draft saved"), and below it the
// per-note drafts that keep every change.
import { db } from './db.ts';
import { isLockedNoteId } from './locked-note-codec.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { EditorDraft, NoteDraft } from './types.ts';

export type DraftFields = Omit<NoteDraft, 'id' | 'lastSaved'>;

export async function saveDraft(fields: DraftFields, database: NotesDatabase = db): Promise<NoteDraft> {
  const draft: NoteDraft = { ...fields, id: 'note_draft', lastSaved: new Date().toISOString() };
  // A locked note's unsaved text stays in the editor's memory: never plain text at rest.
  if (isLockedNoteId(fields.noteId)) return draft;
  await database.drafts.put(draft);
  return draft;
}

export async function loadDraft(database: NotesDatabase = db): Promise<NoteDraft | undefined> {
  return database.drafts.get('note_draft');
}

export async function clearDraft(database: NotesDatabase = db): Promise<void> {
  await database.drafts.delete('note_draft');
}

// The per-note drafts (DECISIONS "Trust and daily use"): the editor's text for each note, and 'new' for a note
// not saved yet, kept until it becomes a saved version or the owner discards it.

/** The draft key of a new note (notes use their local id). */
export const NEW_NOTE_DRAFT_KEY = 'new';
/** A draft whose note is gone (deleted here or elsewhere) is kept this long, then removed. */
export const ORPHAN_DRAFT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const editorDraftKey = (noteId: string | null): string => noteId ?? NEW_NOTE_DRAFT_KEY;

export type EditorDraftFields = Omit<EditorDraft, 'key' | 'savedAt'>;

/** One write (one transaction) per call: callers batch keystrokes (see draft-writer.ts). */
export async function putEditorDraft(
  fields: EditorDraftFields,
  database: NotesDatabase = db,
  now = new Date(),
): Promise<EditorDraft> {
  const draft: EditorDraft = { ...fields, key: editorDraftKey(fields.noteId), savedAt: now.toISOString() };
  // A locked note's unsaved text stays in the editor's memory: never plain text at rest.
  if (isLockedNoteId(fields.noteId)) return draft;
  await database.noteDrafts.put(draft);
  return draft;
}

export async function loadEditorDraft(
  noteId: string | null,
  database: NotesDatabase = db,
): Promise<EditorDraft | undefined> {
  return database.noteDrafts.get(editorDraftKey(noteId));
}

/** Removes the draft (Discard, Cancel). */
export async function deleteEditorDraft(noteId: string | null, database: NotesDatabase = db): Promise<void> {
  await database.noteDrafts.delete(editorDraftKey(noteId));
}

/**
 * Removes the draft unless another tab wrote it (that tab is typing into it: its text stays). The editor's own
 * ways out (Save, Cancel, typing back to the saved text) use this one.
 */
export async function deleteOwnEditorDraft(
  noteId: string | null,
  tab: string,
  database: NotesDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.noteDrafts, async () => {
    const draft = await database.noteDrafts.get(editorDraftKey(noteId));
    if (draft && (draft.tab === undefined || draft.tab === tab)) await database.noteDrafts.delete(draft.key);
  });
}

/**
 * Removes the draft only if it holds exactly the text just saved: a draft written meanwhile with newer typing
 * (the save and the draft writer run concurrently) stays.
 */
export async function deleteEditorDraftIfSaved(
  noteId: string | null,
  saved: Pick<EditorDraft, 'title' | 'content' | 'tagInput'>,
  database: NotesDatabase = db,
): Promise<boolean> {
  return database.transaction('rw', database.noteDrafts, async () => {
    const draft = await database.noteDrafts.get(editorDraftKey(noteId));
    if (!draft) return false;
    if (draft.title !== saved.title || draft.content !== saved.content || draft.tagInput !== saved.tagInput)
      return false;
    await database.noteDrafts.delete(draft.key);
    return true;
  });
}

/** The newest draft an editor was showing when its page went away (reload, closed tab, crash). */
export async function lastOpenEditorDraft(database: NotesDatabase = db): Promise<EditorDraft | undefined> {
  const drafts = await database.noteDrafts.orderBy('savedAt').reverse().toArray();
  return drafts.find((draft) => draft.open);
}

/** Removes drafts whose note no longer exists once they are older than ORPHAN_DRAFT_DAYS. */
export async function pruneOrphanEditorDrafts(
  database: NotesDatabase = db,
  now = new Date(),
): Promise<number> {
  return database.transaction('rw', database.noteDrafts, database.notes, async () => {
    let removed = 0;
    for (const draft of await database.noteDrafts.toArray()) {
      if (draft.noteId === null) continue;
      const note = await database.notes.get(draft.noteId);
      if (note && !note.deleted) continue;
      if (now.getTime() - Date.parse(draft.savedAt) < ORPHAN_DRAFT_DAYS * DAY_MS) continue;
      await database.noteDrafts.delete(draft.key);
      removed++;
    }
    return removed;
  });
}

/** A note just locked: any plain-text draft of it left from before goes (drafts of a locked note stay in memory). */
export async function forgetDraftsOf(noteId: string, database: NotesDatabase = db): Promise<void> {
  await database.transaction('rw', database.noteDrafts, database.drafts, async () => {
    await database.noteDrafts.delete(editorDraftKey(noteId));
    const spec = await database.drafts.get('note_draft');
    if (spec?.noteId === noteId) await database.drafts.delete('note_draft');
  });
}
