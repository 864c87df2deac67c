// Study material derived from a note: flashcards, key points and flashcard reviews.
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';
import { NOTE_CONTENT_MAX, noteTooLongMessage } from './note.ts';

export const FlashcardSchema = z.object({
  id: z.string(),
  question: z.string().min(1),
  answer: z.string().min(1),
  noteId: z.union([IdSchema, z.string()]),
});
export type Flashcard = z.infer<typeof FlashcardSchema>;

export const KeyPointSchema = z.object({
  id: z.string(),
  content: z.string().min(1),
  noteId: z.union([IdSchema, z.string()]),
});
export type KeyPoint = z.infer<typeof KeyPointSchema>;

const ContentSchema = z.string().max(NOTE_CONTENT_MAX, noteTooLongMessage());

/** Bodies of the note AI helpers. */
export const ContentRequestSchema = z.object({
  content: ContentSchema,
  existingTags: z.array(z.string().max(50)).max(500).optional(),
});
export const FlashcardsRequestSchema = z.object({
  content: ContentSchema,
  noteId: z.union([IdSchema, z.string().max(64)]).optional(),
});
export const GenerateBlogRequestSchema = z.object({ noteId: IdSchema });

export const TagsAnswerSchema = z.object({ tags: z.array(z.string()) });
export const InsightsAnswerSchema = z.object({ insights: z.array(z.string()) });
export const FlashcardsAnswerSchema = z.object({ flashcards: z.array(FlashcardSchema) });
export const GenerateBlogAnswerSchema = z.object({ id: IdSchema });

/** GET/POST /api/reviews: flashcard reviews synced between devices (spaced repetition, beyond the spec). */
export const REVIEWS_PATH = '/api/reviews';
export const REVIEW_BATCH_MAX = 500;
export const REVIEW_PAGE_MAX = 2000;

/**
 * One flashcard review. `id` is made by the device that graded (so a retried push is not stored twice);
 * `noteId` is the note's client id, the same on every device. Ratings are FSRS's: 1 again … 4 easy.
 */
export const ReviewSchema = z.object({
  id: z.string().min(1).max(64),
  cardId: z.string().min(1).max(64),
  noteId: z.string().min(1).max(64),
  rating: z.number().int().min(1).max(4),
  reviewedAt: IsoDateSchema,
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPushSchema = z.object({ reviews: z.array(ReviewSchema).max(REVIEW_BATCH_MAX) });
export type ReviewPush = z.infer<typeof ReviewPushSchema>;

export const ReviewChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'must be a cursor returned by this endpoint')
    .optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_PAGE_MAX).optional(),
});

/** Reviews stored after `since` (oldest first) and the cursor to ask from next; `more` when a page was cut. */
export const ReviewChangesSchema = z.object({
  reviews: z.array(ReviewSchema),
  cursor: z.string(),
  more: z.boolean(),
});
export type ReviewChanges = z.infer<typeof ReviewChangesSchema>;
