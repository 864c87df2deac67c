// The one interface every AI backend implements, so routes never know whether a model or the local
// algorithms answered. Every method resolves with validated data or rejects with an AiError.
import type { Flashcard } from '@private-notes/shared';
import type { BlogDraft, BlogNoteInput, ConceptSource } from '@private-notes/shared/ai';

export type AiProviderKind = 'local' | 'openai';

export interface AiProvider {
  readonly kind: AiProviderKind;
  /** The model asked, or null for the local algorithms. */
  readonly model: string | null;
  suggestTags(content: string, existingTags: readonly string[]): Promise<string[]>;
  extractInsights(content: string): Promise<string[]>;
  /** Key points for study mode. */
  keyInsights(content: string): Promise<string[]>;
  generateFlashcards(content: string, noteId: number | string): Promise<Flashcard[]>;
  generateBlog(note: BlogNoteInput): Promise<BlogDraft>;
  /** `notes` are the owner's notes; a provider uses those that mention the concept. */
  explain(concept: string, notes: readonly ConceptSource[]): Promise<string>;
}
