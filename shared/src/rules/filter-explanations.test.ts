import { describe, expect, it } from 'vitest';
import { filterExplanations, needsReadMore } from './filter-explanations.ts';

const list = [
  { id: 1, concept: 'Mind Mapping', explanation: 'A visual diagram.' },
  { id: 2, concept: 'Spaced repetition', explanation: 'Review at growing INTERVALS.' },
];

describe('filterExplanations', () => {
  it('matches concept or explanation case-insensitively', () => {
    expect(filterExplanations(list, 'mind').map((e) => e.id)).toEqual([1]);
    expect(filterExplanations(list, 'intervals').map((e) => e.id)).toEqual([2]);
    expect(filterExplanations(list, 'zzz')).toEqual([]);
  });

  it('returns everything for a blank search', () => {
    expect(filterExplanations(list, '  ')).toHaveLength(2);
  });
});

describe('needsReadMore', () => {
  it('is true above 200 characters', () => {
    expect(needsReadMore('x'.repeat(200))).toBe(false);
    expect(needsReadMore('x'.repeat(201))).toBe(true);
  });
});
