// An AI explanation of a concept, kept in the owner's history.
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.ts';

export const CONCEPT_MAX = 200;

export const ExplanationSchema = z.object({
  id: IdSchema,
  concept: z.string(),
  explanation: z.string(),
  createdAt: IsoDateSchema,
});
export type Explanation = z.infer<typeof ExplanationSchema>;

export const ExplainRequestSchema = z.object({
  concept: z
    .string({ error: 'Invalid concept for AI explanation' })
    .trim()
    .min(1, 'Invalid concept for AI explanation')
    .max(CONCEPT_MAX, `must be at most ${CONCEPT_MAX} characters`),
});
