// The texts of SPEC section 8 for each AI call: the server answers `message` with the description, and the
// web app shows the title and description as the failure toast.

export const AI_ERRORS = {
  suggestTags: { title: 'Failed to suggest tags', description: 'An error occurred while suggesting tags.' },
  extractInsights: {
    title: 'Failed to extract insights',
    description: 'An error occurred while extracting insights.',
  },
  generateFlashcards: { title: 'Error', description: 'Failed to generate flashcards. Please try again.' },
  keyInsights: { title: 'Error', description: 'Failed to extract key points. Please try again.' },
  generateBlog: {
    title: 'Failed to generate blog post',
    description: 'There was an error generating a blog post from your note. Please try again.',
  },
  explain: { title: 'Error', description: 'Failed to generate explanation. Please try again later.' },
} as const;

export type AiOperation = keyof typeof AI_ERRORS;

export const INVALID_CONCEPT = 'Invalid concept for AI explanation';
