// Between a card's row in the browser and its state on the server (shared/src/schemas/card.ts). Rows written
// before cards synced lack origin, edited and suspended: they read as generated, untouched, active.
import type { CardKind, CardState, SyncedCard } from '@private-notes/shared';
import type { NotesDatabase } from '../db/notes-database.ts';
import type { LocalFlashcard, LocalKeyPoint } from '../db/types.ts';

export function cardState(kind: CardKind, row: LocalFlashcard | LocalKeyPoint): CardState {
  const common = {
    id: row.id,
    noteId: String(row.noteId),
    origin: row.origin ?? 'generated',
    edited: row.edited ?? false,
  } as const;
  if (kind === 'keyPoint') return { kind, ...common, content: (row as LocalKeyPoint).content };
  const card = row as LocalFlashcard;
  return {
    kind,
    ...common,
    question: card.question,
    answer: card.answer,
    cloze: card.cloze ?? null,
    suspended: card.suspended ?? false,
  };
}

/** Makes the row what the server says; must run inside a transaction over both card tables. */
export async function storeSyncedCard(db: NotesDatabase, synced: SyncedCard): Promise<void> {
  const table = synced.kind === 'flashcard' ? db.flashcards : db.keyPoints;
  const { state } = synced;
  if (synced.deleted || state === null) {
    await table.delete(synced.id);
    return;
  }
  if (state.kind === 'flashcard') {
    const { kind: _, ...row } = state;
    await db.flashcards.put({ ...row, version: synced.version });
  } else {
    const { kind: _, ...row } = state;
    await db.keyPoints.put({ ...row, version: synced.version });
  }
}
