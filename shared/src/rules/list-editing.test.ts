import { describe, expect, it } from 'vitest';
import type { TextEdit } from './insert-markdown.ts';
import { continueList, indentListItems } from './list-editing.ts';

/** Writes the edit with `|` at the caret (or `[`…`]` around a selection), to compare as one string. */
function shown(edit: TextEdit | null): string | null {
  if (!edit) return null;
  const { value, selectionStart: s, selectionEnd: e } = edit;
  return s === e
    ? `${value.slice(0, s)}|${value.slice(s)}`
    : `${value.slice(0, s)}[${value.slice(s, e)}]${value.slice(e)}`;
}

/** Runs `rule` on text written with `|` at the caret. */
function at(text: string, rule: (value: string, start: number, end: number) => TextEdit | null) {
  const caret = text.indexOf('|');
  return shown(rule(text.replace('|', ''), caret, caret));
}

const enter = (value: string, start: number, end: number) => continueList(value, start, end);

describe('continueList', () => {
  it('continues bullet lists with the same marker and indent', () => {
    expect(at('- milk|', enter)).toBe('- milk\n- |');
    expect(at('* milk|', enter)).toBe('* milk\n* |');
    expect(at('intro\n  + nested|\nafter', enter)).toBe('intro\n  + nested\n  + |\nafter');
  });

  it('counts numbered lists up, keeping the delimiter', () => {
    expect(at('1. one\n2. two|', enter)).toBe('1. one\n2. two\n3. |');
    expect(at('9) nine|', enter)).toBe('9) nine\n10) |');
  });

  it('starts an unticked box after a task item, ticked or not', () => {
    expect(at('- [x] done|', enter)).toBe('- [x] done\n- [ ] |');
    expect(at('1. [ ] first|', enter)).toBe('1. [ ] first\n2. [ ] |');
  });

  it('continues quotes, and lists inside quotes', () => {
    expect(at('> a wise line|', enter)).toBe('> a wise line\n> |');
    expect(at('> - item|', enter)).toBe('> - item\n> - |');
  });

  it('moves the text after the caret into the new item', () => {
    expect(at('- milk| and bread', enter)).toBe('- milk\n- | and bread');
  });

  it('ends the list on an empty item: the marker goes and a blank line closes the list', () => {
    expect(at('- milk\n- |', enter)).toBe('- milk\n\n|');
    expect(at('1. one\n2. |\nnext', enter)).toBe('1. one\n\n|\nnext');
    expect(at('- [ ] task\n- [ ] |', enter)).toBe('- [ ] task\n\n|');
    expect(at('- a\n  - |', enter)).toBe('- a\n\n|');
  });

  it('ends a quote on an empty quote line, and a quoted list inside the quote', () => {
    expect(at('> said\n> |', enter)).toBe('> said\n\n|');
    expect(at('> - a\n> - |', enter)).toBe('> - a\n>\n> |');
  });

  it('leaves Enter alone outside lists, before the marker, with a selection and inside code', () => {
    expect(at('plain text|', enter)).toBeNull();
    expect(at('|- item', enter)).toBeNull();
    expect(continueList('- item', 2, 4)).toBeNull();
    expect(at('```\n- yaml: 1|\n```', enter)).toBeNull();
    expect(at('---|', enter)).toBeNull();
    expect(at('-|', enter)).toBeNull();
  });

  it('still works after a closed code block', () => {
    expect(at('```\ncode\n```\n- item|', enter)).toBe('```\ncode\n```\n- item\n- |');
  });
});

const tab = (value: string, start: number, end: number) => indentListItems(value, start, end, false);
const shiftTab = (value: string, start: number, end: number) => indentListItems(value, start, end, true);

describe('indentListItems', () => {
  it('nests a bullet under the item above and un-nests it', () => {
    expect(at('- a\n- b|', tab)).toBe('- a\n  - b|');
    expect(at('- a\n  - b|', shiftTab)).toBe('- a\n- b|');
  });

  it('nests under a numbered item at its text column, restarting the count', () => {
    expect(at('1. a\n2. b|', tab)).toBe('1. a\n   1. b|');
    expect(at('1. a\n   1. b\n2. c|', tab)).toBe('1. a\n   1. b\n   2. c|');
  });

  it('keeps the caret on the same text', () => {
    expect(at('- a\n- b|c', tab)).toBe('- a\n  - b|c');
    expect(at('- a\n  - [ ] t|ask', shiftTab)).toBe('- a\n- [ ] t|ask');
  });

  it('moves every selected item by the same amount', () => {
    const text = '- a\n- b\n  - c\n- d';
    const edit = indentListItems(text, text.indexOf('b'), text.indexOf('c') + 1, false);
    expect(shown(edit)).toBe('- a\n  - [b\n    - c]\n- d');
  });

  it('un-nests to the parent level, and leaves a top-level item where it is (still claiming Shift+Tab)', () => {
    expect(at('- a\n  - b\n    - c|', shiftTab)).toBe('- a\n  - b\n  - c|');
    expect(at('- top|', shiftTab)).toBe('- top|');
  });

  it('keeps the first item of a list where it is (but still claims Tab)', () => {
    expect(at('- first|', tab)).toBe('- first|');
  });

  it('leaves Tab alone outside lists', () => {
    expect(at('plain|', tab)).toBeNull();
    expect(at('> quote|', tab)).toBeNull();
    expect(at('```\n- a\n- b|\n```', tab)).toBeNull();
  });
});
