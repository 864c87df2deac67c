// The JSON a language model must answer for each AI call, validated before anything reaches the owner.
// Looser than the stored shapes (no ids, no noteId): the server adds those itself.
import { z } from 'zod';

const Text = z.string().trim().min(1);

export const ModelTagsAnswerSchema = z.object({ tags: z.array(z.string().trim()).max(50) });
export const ModelInsightsAnswerSchema = z.object({ insights: z.array(z.string().trim()).max(50) });
export const ModelFlashcardsAnswerSchema = z.object({
  flashcards: z.array(z.object({ question: Text, answer: Text })).max(100),
});
export const ModelBlogAnswerSchema = z.object({
  title: Text,
  excerpt: z.string().trim().default(''),
  content: Text,
  tags: z.array(z.string().trim()).default([]),
});
export const ModelExplanationAnswerSchema = z.object({ explanation: Text });
