import { describe, expect, it } from 'vitest';
import { mergeText } from './merge-text.ts';

const BASE = 'Shopping\n\nMilk and bread.\n\nCall the plumber.\n\nBook the train.\n';

describe('mergeText', () => {
  it('applies edits to different paragraphs from both sides', () => {
    const mine = BASE.replace('Milk and bread.', 'Milk, bread and tomatoes.');
    const theirs = BASE.replace('Book the train.', 'Book the train for Friday.');
    expect(mergeText(BASE, mine, theirs)).toEqual({
      clean: true,
      text: 'Shopping\n\nMilk, bread and tomatoes.\n\nCall the plumber.\n\nBook the train for Friday.\n',
    });
  });

  it('applies edits to neighbouring paragraphs, and a paragraph added after one edited on the other side', () => {
    const mine = BASE.replace('Milk and bread.', 'Milk.').replace(
      'Book the train.',
      'Book the train.\n\nWater the plants.',
    );
    const theirs = BASE.replace('Call the plumber.', 'Call the plumber at 9.');
    expect(mergeText(BASE, mine, theirs)).toEqual({
      clean: true,
      text: 'Shopping\n\nMilk.\n\nCall the plumber at 9.\n\nBook the train.\n\nWater the plants.\n',
    });
  });

  it('merges distant lines of one paragraph (a list) by line', () => {
    const base = '- milk\n- bread\n- eggs\n- tea\n';
    expect(
      mergeText(base, '- [x] milk\n- bread\n- eggs\n- tea\n', '- milk\n- bread\n- eggs\n- green tea\n'),
    ).toEqual({
      clean: true,
      text: '- [x] milk\n- bread\n- eggs\n- green tea\n',
    });
  });

  it('gives up when both sides changed the same line differently', () => {
    const mine = BASE.replace('Call the plumber.', 'Call the plumber today.');
    const theirs = BASE.replace('Call the plumber.', 'Call the electrician.');
    expect(mergeText(BASE, mine, theirs)).toEqual({ clean: false });
  });

  it('gives up when changes touch (adjacent lines of one paragraph)', () => {
    const base = 'one\ntwo\nthree\n';
    expect(mergeText(base, 'ONE\ntwo\nthree\n', 'one\nTWO\nthree\n')).toEqual({ clean: false });
    // One line apart: both apply.
    expect(mergeText(base, 'ONE\ntwo\nthree\n', 'one\ntwo\nTHREE\n')).toEqual({
      clean: true,
      text: 'ONE\ntwo\nTHREE\n',
    });
  });

  it('takes the same change made on both sides once', () => {
    const both = BASE.replace('Call the plumber.', 'Called the plumber.');
    const mine = both.replace('Book the train.', 'Book the train (done).');
    expect(mergeText(BASE, mine, both)).toEqual({ clean: true, text: mine });
  });

  it('gives up on different insertions at the same place, and takes identical ones once', () => {
    const base = 'a\n\nb\n';
    expect(mergeText(base, 'a\n\nmine\n\nb\n', 'a\n\ntheirs\n\nb\n')).toEqual({ clean: false });
    expect(mergeText(base, 'a\n\nsame\n\nb\n', 'a\n\nsame\n\nb\n')).toEqual({
      clean: true,
      text: 'a\n\nsame\n\nb\n',
    });
  });

  it('merges insertions at different places', () => {
    const base = 'a\n\nb\n\nc\n';
    expect(mergeText(base, 'top\na\n\nb\n\nc\n', 'a\n\nb\n\nc\nend\n')).toEqual({
      clean: true,
      text: 'top\na\n\nb\n\nc\nend\n',
    });
  });

  it('merges a deletion with an edit elsewhere, and gives up when a deleted line was edited', () => {
    const deleted = BASE.replace('Call the plumber.\n\n', '');
    const edited = BASE.replace('Book the train.', 'Book the bus.');
    expect(mergeText(BASE, deleted, edited)).toEqual({
      clean: true,
      text: 'Shopping\n\nMilk and bread.\n\nBook the bus.\n',
    });
    const plumber = BASE.replace('Call the plumber.', 'Call the plumber at 9.');
    expect(mergeText(BASE, deleted, plumber)).toEqual({ clean: false });
    // Both deleted the same paragraph: gone once, nothing else touched.
    expect(mergeText(BASE, deleted, deleted)).toEqual({ clean: true, text: deleted });
  });

  it('ignores CRLF against LF line endings and keeps the endings of this side', () => {
    const crlfBase = BASE.replaceAll('\n', '\r\n');
    const mine = crlfBase.replace('Milk and bread.', 'Milk.');
    const theirs = BASE.replace('Book the train.', 'Book the boat.');
    expect(mergeText(crlfBase, mine, theirs)).toEqual({
      clean: true,
      text: 'Shopping\r\n\r\nMilk.\r\n\r\nCall the plumber.\r\n\r\nBook the boat.\r\n',
    });
    // An LF side merged with a CRLF other side gives LF.
    const lfMine = BASE.replace('Milk and bread.', 'Milk.');
    const crlfTheirs = crlfBase.replace('Book the train.', 'Book the boat.');
    expect(mergeText(BASE, lfMine, crlfTheirs)).toEqual({
      clean: true,
      text: 'Shopping\n\nMilk.\n\nCall the plumber.\n\nBook the boat.\n',
    });
  });

  it('from an empty base: one side adding is taken, both adding differently conflicts', () => {
    expect(mergeText('', 'new text', '')).toEqual({ clean: true, text: 'new text' });
    expect(mergeText('', '', 'theirs')).toEqual({ clean: true, text: 'theirs' });
    expect(mergeText('', 'mine', 'theirs')).toEqual({ clean: false });
    expect(mergeText('', 'same', 'same')).toEqual({ clean: true, text: 'same' });
  });

  it('keeps a missing final newline where a side left it', () => {
    expect(mergeText('a\n\nb', 'A\n\nb', 'a\n\nb!')).toEqual({ clean: true, text: 'A\n\nb!' });
  });

  it('merges a 50 KB note quickly', () => {
    const paragraphs = Array.from({ length: 500 }, (_, i) => `Paragraph ${i} ${'text '.repeat(18)}`);
    const base = paragraphs.join('\n\n');
    const mine = base.replace('Paragraph 10 ', 'Paragraph ten ');
    const theirs = base.replace('Paragraph 400 ', 'Paragraph four hundred ');
    const started = performance.now();
    const merged = mergeText(base, mine, theirs);
    expect(performance.now() - started).toBeLessThan(500);
    expect(merged.clean && merged.text).toBe(
      base.replace('Paragraph 10 ', 'Paragraph ten ').replace('Paragraph 400 ', 'Paragraph four hundred '),
    );
  });
});
