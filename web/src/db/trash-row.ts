// A note as the Trash keeps it (its own file so notes-store and trash-store need not import each other).
import type { LocalNote, TrashRow } from './types.ts';

export function trashRowOf(note: LocalNote, deletedAt: Date): TrashRow {
  return {
    id: note.id,
    serverId: note.serverId,
    version: note.version,
    title: note.title,
    content: note.content,
    tags: [...note.tags],
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    deletedAt: deletedAt.toISOString(),
  };
}
