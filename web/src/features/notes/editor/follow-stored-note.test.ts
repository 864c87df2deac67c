// The open editor's rules when its note changes underneath (another tab's save, a pulled edit, a delete).
import { describe, expect, it } from 'vitest';
import { followStoredNote } from './follow-stored-note.ts';

const note = (content: string, title = 'Groceries', tags: string[] = []) => ({ title, content, tags });
const text = (content: string, title = 'Groceries', tagInput = '') => ({ title, content, tagInput });

describe('followStoredNote', () => {
  it('a deleted note (gone, or a tombstone waiting to be pushed) is said so', () => {
    expect(
      followStoredNote({ base: note('eggs'), fields: text('eggs'), stored: null, written: null }),
    ).toEqual({
      kind: 'deleted',
    });
    expect(
      followStoredNote({
        base: note('eggs'),
        fields: text('eggs'),
        stored: { ...note('eggs'), deleted: 1 },
        written: null,
      }),
    ).toEqual({ kind: 'deleted' });
  });

  it('a row still holding the base changes nothing, whatever was typed', () => {
    expect(
      followStoredNote({
        base: note('eggs'),
        fields: text('eggs\nbread'),
        stored: note('eggs'),
        written: null,
      }),
    ).toEqual({ kind: 'none' });
  });

  it("the editor's own save only moves the base, even if typing went on meanwhile", () => {
    expect(
      followStoredNote({
        base: note('eggs'),
        fields: text('eggs\nbread'),
        stored: note('eggs\nbread'),
        written: null,
      }),
    ).toEqual({ kind: 'adopt' });
    expect(
      followStoredNote({
        base: note('eggs'),
        fields: text('eggs\nbread\nbutter'),
        stored: note('eggs\nbread'),
        written: note('eggs\nbread'),
      }),
    ).toEqual({ kind: 'adopt' });
  });

  it('an editor without unsaved text shows the new text', () => {
    expect(
      followStoredNote({
        base: note('eggs', 'G', ['a']),
        fields: text('eggs', 'G', 'a'),
        stored: note('eggs\nmilk', 'G', ['a', 'b']),
        written: null,
      }),
    ).toEqual({ kind: 'updated', text: text('eggs\nmilk', 'G', 'a, b') });
  });

  it('unsaved text takes in a change to another paragraph', () => {
    expect(
      followStoredNote({
        base: note('eggs\n\nflour'),
        fields: text('eggs\n\nflour\nsugar'),
        stored: note('eggs, milk\n\nflour'),
        written: null,
      }),
    ).toEqual({ kind: 'merged', text: text('eggs, milk\n\nflour\nsugar') });
  });

  it("the issue's eggs / milk / bread overlap: the editor keeps its text and says so", () => {
    expect(
      followStoredNote({
        base: note('eggs'),
        fields: text('eggs\nbread'),
        stored: note('eggs\nmilk'),
        written: null,
      }),
    ).toEqual({ kind: 'overlap' });
  });
});
