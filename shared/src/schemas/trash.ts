// The Trash: notes deleted in the last TRASH_DAYS days, kept whole (with their revisions) so they can come back.
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';

/** How long a deleted note waits in the Trash before it and its revisions are removed for good. */
export const TRASH_DAYS = 30;

/** GET /api/trash: one deleted note as it stood when deleted, newest delete first. */
export const TrashedNoteSchema = z.object({
  id: IdSchema,
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  /** The note's version when it was deleted. */
  version: z.number().int().positive(),
  clientId: z.string().nullable(),
  deletedAt: IsoDateSchema,
  /** When the purge removes it for good (deletedAt + TRASH_DAYS). */
  purgeAt: IsoDateSchema,
});
export type TrashedNote = z.infer<typeof TrashedNoteSchema>;

/** DELETE /api/trash: how many notes were removed for good. */
export const EmptyTrashResultSchema = z.object({ removed: z.number().int().nonnegative() });
export type EmptyTrashResult = z.infer<typeof EmptyTrashResultSchema>;

export function trashPurgeAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_DAYS * 86_400_000).toISOString();
}
