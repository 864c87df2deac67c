import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences.ts';

describe('splitSentences', () => {
  it('splits at sentence ends followed by a capital or a digit', () => {
    expect(splitSentences('First one. Second one! Third? 4 is a number.')).toEqual([
      'First one.',
      'Second one!',
      'Third?',
      '4 is a number.',
    ]);
  });

  it('keeps abbreviations, initials and decimals inside a sentence', () => {
    expect(
      splitSentences('Use a scheduler, e.g. FSRS. It was built by J. Smith in v1.5 of the tool.'),
    ).toEqual(['Use a scheduler, e.g. FSRS.', 'It was built by J. Smith in v1.5 of the tool.']);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences('  ')).toEqual([]);
  });
});
