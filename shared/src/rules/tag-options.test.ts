import { describe, expect, it } from 'vitest';
import { tagOptions } from './tag-options.ts';

describe('tagOptions', () => {
  it('is the sorted union of the notes tags', () => {
    expect(tagOptions([{ tags: ['react', 'AI'] }, { tags: ['notes', 'react'] }, { tags: [] }])).toEqual([
      'AI',
      'notes',
      'react',
    ]);
  });

  it('keeps differently spelled tags apart, since the filter is exact', () => {
    expect(tagOptions([{ tags: ['React'] }, { tags: ['react'] }])).toEqual(['React', 'react']);
  });

  it('drops blank tags and handles no notes', () => {
    expect(tagOptions([{ tags: [' ', 'x'] }])).toEqual(['x']);
    expect(tagOptions([])).toEqual([]);
  });
});
