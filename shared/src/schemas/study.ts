// Study material derived from a note: flashcards, key points and flashcard reviews.
import { z } from 'zod';
import { IdSchema } from './common.ts';
import { NOTE_CONTENT_MAX } from './note.ts';

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

const ContentSchema = z
  .string()
  .max(NOTE_CONTENT_MAX, `must be at most ${NOTE_CONTENT_MAX} characters`);

/** Bodies of the note AI helpers. */
export const ContentRequestSchema = z.object({ content: ContentSchema, existingTags: z.array(z.string().max(50)).max(500).optional() });
export const FlashcardsRequestSchema = z.object({ content: ContentSchema, noteId: z.union([IdSchema, z.string().max(64)]).optional() });
export const GenerateBlogRequestSchema = z.object({ noteId: IdSchema });

export const TagsAnswerSchema = z.object({ tags: z.array(z.string()) });
export const InsightsAnswerSchema = z.object({ insights: z.array(z.string()) });
export const FlashcardsAnswerSchema = z.object({ flashcards: z.array(FlashcardSchema) });
export const GenerateBlogAnswerSchema = z.object({ id: IdSchema });
