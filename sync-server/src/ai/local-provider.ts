// The default provider: the shared local algorithms, no network. Wrapped so a bug in an algorithm still
// answers with the call's section 8 message instead of a 500.

import type { AiOperation } from '@private-notes/shared/ai';
import {
  draftBlogPost,
  explainConcept,
  extractInsights,
  generateFlashcards,
  keyPoints,
  suggestTags,
} from '@private-notes/shared/ai';
import { AiError } from './ai-error.ts';
import type { AiProvider } from './ai-provider.ts';

async function run<T>(operation: AiOperation, fn: () => T): Promise<T> {
  try {
    return fn();
  } catch (cause) {
    throw new AiError(operation, { cause });
  }
}

export function createLocalProvider(): AiProvider {
  return {
    kind: 'local',
    model: null,
    suggestTags: (content, existingTags) => run('suggestTags', () => suggestTags(content, existingTags)),
    extractInsights: (content) => run('extractInsights', () => extractInsights(content)),
    keyInsights: (content) => run('keyInsights', () => keyPoints(content)),
    generateFlashcards: (content, noteId) =>
      run('generateFlashcards', () => generateFlashcards(content, noteId)),
    generateBlog: (note) => run('generateBlog', () => draftBlogPost(note)),
    explain: (concept, notes) => run('explain', () => explainConcept(concept, notes)),
  };
}
