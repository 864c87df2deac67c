// Flashcards and key points for a note, generated on demand (server when online, the local algorithms
// otherwise; for a locked note, the local ones unless the owner agrees to send its text) and kept in the browser's database, so study mode reads them back with no connection.

import { keyPointId } from '@private-notes/shared';
import { generateFlashcards, keyPoints } from '@private-notes/shared/ai';
import { api } from '../../api/api.ts';
import { saveFlashcards, saveKeyPoints } from '../../db/study-store.ts';
import type { LocalFlashcard, LocalKeyPoint, LocalNote } from '../../db/types.ts';
import { LOCKED_AI_QUESTION } from '../ai/EditorAiButtons.tsx';
import { serverOrLocal } from '../ai/server-or-local.ts';

type Source = Pick<LocalNote, 'id' | 'content' | 'locked'>;

/** A locked note's text goes to the server's model only when the owner says so, every time (as in the editor). */
function askOrLocal<T>(note: Source, server: () => Promise<T>, local: () => T | Promise<T>): Promise<T> {
  if (note.locked && !window.confirm(LOCKED_AI_QUESTION)) return Promise.resolve(local());
  return serverOrLocal(server, local);
}

/**
 * Cards are generated for the note's client id (never its server id): card ids hash it, so the same note gives
 * the same card ids on every device and its review history follows the card.
 */
export async function createFlashcards(note: Source): Promise<LocalFlashcard[]> {
  const cards = await askOrLocal(
    note,
    async () => (await api.generateFlashcards(note.content, note.id)).flashcards,
    () => generateFlashcards(note.content, note.id),
  );
  const local = cards.map((card) => ({ ...card, noteId: note.id }));
  await saveFlashcards(note.id, local);
  return local;
}

export async function createKeyPoints(note: Source): Promise<LocalKeyPoint[]> {
  const texts = await askOrLocal(
    note,
    async () => (await api.keyInsights(note.content)).insights,
    () => keyPoints(note.content),
  );
  const now = Date.now();
  const points = texts.map((content, index) => ({ id: keyPointId(index, now), content, noteId: note.id }));
  await saveKeyPoints(note.id, points);
  return points;
}
