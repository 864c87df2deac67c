// The note saved from an AI explanation (SPEC section 9: title 'AI Explanation: {concept}', three tags).
import { TAG_MAX } from '../schemas/common.ts';
import { NOTE_TITLE_MAX } from '../schemas/note.ts';
import { uniqueTags } from './parse-tags.ts';

export interface NoteData {
  title: string;
  content: string;
  tags: string[];
}

/**
 * Title and tag are clipped to the note limits, since a concept may be longer than a tag may be; a concept
 * spelled like one of the fixed tags is not added twice.
 */
export function aiNoteFromExplanation(concept: string, explanation: string): NoteData {
  const name = concept.trim().replace(/\s+/g, ' ');
  return {
    title: `AI Explanation: ${name}`.slice(0, NOTE_TITLE_MAX).trimEnd(),
    content: explanation.trim(),
    tags: uniqueTags(['AI-Generated', 'Explanation', name.slice(0, TAG_MAX)]),
  };
}
