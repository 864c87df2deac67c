import { describe, expect, it } from 'vitest';
import { clozeAnswer, clozeNumbers, clozeParts, clozeText } from './cloze.ts';

const text = '{{c1::Mitochondria}} make {{c2::ATP}} by {{c1::respiration::a process}}.';

describe('cloze', () => {
  it('lists each deletion number once, ascending, ignoring empty deletions', () => {
    expect(clozeNumbers(text)).toEqual([1, 2]);
    expect(clozeNumbers('No deletion here')).toEqual([]);
    expect(clozeNumbers('{{c3::  }} and {{c2::x}}')).toEqual([2]);
  });

  it("blanks the card's own deletions on the front (the hint when given) and shows the others", () => {
    expect(clozeText(text, 1, 'front')).toBe('[…] make ATP by [a process].');
    expect(clozeText(text, 2, 'front')).toBe('Mitochondria make […] by respiration.');
    expect(clozeParts(text, 2, 'front')).toEqual([
      { text: 'Mitochondria make ', kind: 'text' },
      { text: '[…]', kind: 'blank' },
      { text: ' by respiration.', kind: 'text' },
    ]);
  });

  it('reveals and marks the deletions on the back; the answer is their text', () => {
    expect(clozeText(text, 1, 'back')).toBe('Mitochondria make ATP by respiration.');
    expect(clozeParts(text, 1, 'back').filter((p) => p.kind === 'revealed')).toEqual([
      { text: 'Mitochondria', kind: 'revealed' },
      { text: 'respiration', kind: 'revealed' },
    ]);
    expect(clozeAnswer(text, 1)).toBe('Mitochondria, respiration');
    expect(clozeAnswer(text, 2)).toBe('ATP');
  });
});
