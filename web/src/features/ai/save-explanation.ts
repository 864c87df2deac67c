// 'Save as Note': the explanation becomes a local note (offline-first, like any note), titled
// 'AI Explanation: {concept}' with the tags 'AI-Generated', 'Explanation' and the concept; the sync engine
// takes it to the server.
import { aiNoteFromExplanation, validateNoteData } from '@private-notes/shared';
import { createNote } from '../../db/notes-store.ts';
import type { LocalNote } from '../../db/types.ts';
import { startSync } from '../../sync/app-sync.ts';

export async function saveExplanationAsNote(concept: string, explanation: string): Promise<LocalNote> {
  const checked = validateNoteData(aiNoteFromExplanation(concept, explanation));
  if (!checked.ok) throw new Error(checked.message);
  const note = await createNote(checked.note);
  startSync();
  return note;
}
