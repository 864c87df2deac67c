// A note's earlier state kept by the server (revision history): what the note was before a later write.
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';

/**
 * Why a revision was kept: the note was saved again (`edit`), the save rewrote most of the text (`rewrite`,
 * see isLargeRewrite), or the note was about to be overwritten wholesale. Every reason but `edit` is pinned:
 * thinning never removes it (rules/thin-revisions.ts).
 */
export const REVISION_REASONS = [
  'edit',
  'rewrite',
  'overwrite',
  'restore',
  'import',
  'conflict',
  'merge',
] as const;
export const RevisionReasonSchema = z.enum(REVISION_REASONS);
export type RevisionReason = z.infer<typeof RevisionReasonSchema>;

/** Writes that replace a note's text wholesale, as the client names them on PUT. */
export const OVERWRITE_REASONS = ['restore', 'import', 'conflict', 'merge'] as const;
export const OverwriteReasonSchema = z.enum(OVERWRITE_REASONS);
export type OverwriteReason = z.infer<typeof OverwriteReasonSchema>;

export const REVISION_RETENTION_DAYS_DEFAULT = 90;

export const RevisionSummarySchema = z.object({
  id: IdSchema,
  noteId: IdSchema,
  /** The note's version this revision holds. */
  version: z.number().int().positive(),
  title: z.string(),
  /** When the server kept it (the moment that version was about to be replaced). */
  createdAt: IsoDateSchema,
  /** When that version had been written. */
  updatedAt: IsoDateSchema,
  reason: RevisionReasonSchema,
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionSchema = RevisionSummarySchema.extend({
  content: z.string(),
  tags: z.array(z.string()),
});
export type Revision = z.infer<typeof RevisionSchema>;
