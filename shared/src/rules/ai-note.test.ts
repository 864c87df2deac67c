import { describe, expect, it } from 'vitest';
import { NoteFieldsSchema } from '../schemas/note.ts';
import { aiNoteFromExplanation } from './ai-note.ts';

describe('aiNoteFromExplanation', () => {
  it('titles the note and tags it AI-Generated, Explanation and the concept', () => {
    expect(aiNoteFromExplanation(' Mind Mapping ', 'A diagram of ideas.\n')).toEqual({
      title: 'AI Explanation: Mind Mapping',
      content: 'A diagram of ideas.',
      tags: ['AI-Generated', 'Explanation', 'Mind Mapping'],
    });
  });

  it('does not repeat a concept spelled like a fixed tag', () => {
    expect(aiNoteFromExplanation('explanation', 'x').tags).toEqual(['AI-Generated', 'Explanation']);
  });

  it('always produces a note the server accepts, even for a 200-character concept', () => {
    const note = aiNoteFromExplanation('c'.repeat(200), 'text');
    expect(NoteFieldsSchema.safeParse(note).success).toBe(true);
    expect(note.title.startsWith('AI Explanation: ccc')).toBe(true);
  });
});
