import { describe, expect, it } from 'vitest';
import { explainConcept, findConceptMentions, NO_MODEL_LINE } from './explain-concept.ts';
import { loadFixtures } from './fixtures/load-fixtures.ts';

const notes = loadFixtures().map((f, i) => ({
  id: i + 1,
  title: f.title,
  content: f.content,
  plain: f.plain,
}));

describe('explainConcept', () => {
  it('assembles the explanation from the notes that mention the concept, under their titles', () => {
    const text = explainConcept('bulk fermentation', notes);
    expect(text.startsWith('Here is what your notes say about bulk fermentation:')).toBe(true);
    expect(text).toContain('From "Weekend sourdough loaf":');
    expect(text).toContain('- Bulk fermentation is the step that decides the loaf.');
    expect(text).not.toContain('Zettelkasten');
    expect(text.endsWith(NO_MODEL_LINE)).toBe(true);
    expect(NO_MODEL_LINE).toContain('OPENAI_BASE_URL');
  });

  it('quotes only sentences of the notes', () => {
    for (const mention of findConceptMentions('congestion control', notes)) {
      const note = notes.find((n) => n.id === mention.noteId)!;
      for (const s of mention.sentences) expect(note.plain).toContain(s);
    }
  });

  it('ranks the note about the concept above notes that mention it in passing', () => {
    const mentions = findConceptMentions('TCP congestion control', notes);
    expect(mentions.map((m) => m.title)).toEqual(['TCP congestion control', 'Zettelkasten']);
  });

  it('finds a plural mention of a singular concept, case-insensitively', () => {
    expect(findConceptMentions('Permanent Note', notes)[0]?.title).toBe('Zettelkasten');
  });

  it('says plainly when no note mentions the concept', () => {
    expect(explainConcept('  quantum gravity ', notes)).toBe(
      `None of your notes mention "quantum gravity" yet, so there is nothing to explain it from.\n\n${NO_MODEL_LINE}`,
    );
    expect(explainConcept('Mind Mapping', [])).toContain('None of your notes mention "Mind Mapping"');
  });
});
