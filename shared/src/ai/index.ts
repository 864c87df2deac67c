// The local AI algorithms, pure TypeScript with no Node or DOM APIs: the server's default provider and the
// browser's offline study helpers (`@private-notes/shared/ai`).
export {
  ModelBlogAnswerSchema,
  ModelExplanationAnswerSchema,
  ModelFlashcardsAnswerSchema,
  ModelInsightsAnswerSchema,
  ModelTagsAnswerSchema,
} from './answer-schemas.ts';
export { type BlogDraft, type BlogNoteInput, draftBlogPost } from './draft-blog-post.ts';
export {
  type ConceptMention,
  type ConceptSource,
  explainConcept,
  findConceptMentions,
  NO_MODEL_LINE,
} from './explain-concept.ts';
export { extractInsights, INSIGHTS_MAX } from './extract-insights.ts';
export { FLASHCARDS_MAX, generateFlashcards } from './generate-flashcards.ts';
export { KEY_POINTS_MAX, keyPoints } from './key-points.ts';
export { AI_ERRORS, type AiOperation, INVALID_CONCEPT } from './messages.ts';
export { stableId } from './stable-id.ts';
export { SUGGESTED_TAGS_MAX, suggestTags } from './suggest-tags.ts';
