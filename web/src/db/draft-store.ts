// The editor's draft (the spec's note_draft): one row, saved while typing and restored after a reload.
import { db } from './db.ts';
import type { NotesDatabase } from './notes-database.ts';
import type { NoteDraft } from './types.ts';

export type DraftFields = Omit<NoteDraft, 'id' | 'lastSaved'>;

export async function saveDraft(fields: DraftFields, database: NotesDatabase = db): Promise<NoteDraft> {
  const draft: NoteDraft = { ...fields, id: 'note_draft', lastSaved: new Date().toISOString() };
  await database.drafts.put(draft);
  return draft;
}

export async function loadDraft(database: NotesDatabase = db): Promise<NoteDraft | undefined> {
  return database.drafts.get('note_draft');
}

export async function clearDraft(database: NotesDatabase = db): Promise<void> {
  await database.drafts.delete('note_draft');
}
