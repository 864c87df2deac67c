import { describe, expect, it } from 'vitest';
import { validateNoteData } from './validate-note-data.ts';

const messageOf = (input: unknown) => {
  const result = validateNoteData(input);
  return result.ok ? null : result.message;
};

describe('validateNoteData', () => {
  it('accepts title, content and tags', () => {
    expect(validateNoteData({ title: ' T ', content: 'C', tags: ['a'] })).toEqual({
      ok: true,
      note: { title: 'T', content: 'C', tags: ['a'] },
    });
  });

  it('defaults missing tags to an empty list', () => {
    expect(validateNoteData({ title: 'T', content: 'C' })).toEqual({
      ok: true,
      note: { title: 'T', content: 'C', tags: [] },
    });
  });

  it('requires title and content', () => {
    expect(messageOf({ content: 'C' })).toBe('Note title and content are required');
    expect(messageOf({ title: 'T', content: '   ' })).toBe('Note title and content are required');
    expect(messageOf({})).toBe('Note title and content are required');
  });

  it('requires tags to be an array when given', () => {
    expect(messageOf({ title: 'T', content: 'C', tags: 'a, b' })).toBe('Tags must be an array');
  });

  it('calls anything else invalid note data', () => {
    expect(messageOf(null)).toBe('Invalid note data');
    expect(messageOf('note')).toBe('Invalid note data');
    expect(messageOf([{ title: 'T', content: 'C' }])).toBe('Invalid note data');
    expect(messageOf({ title: 42, content: 'C' })).toBe('Invalid note data');
    expect(messageOf({ title: 'T', content: 'C', tags: [1] })).toBe('Invalid note data');
    expect(messageOf({ title: 'x'.repeat(201), content: 'C' })).toBe('Invalid note data');
  });
});
