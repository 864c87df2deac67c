import { describe, expect, it } from 'vitest';
import { compareLines } from './compare-lines.ts';

describe('compareLines', () => {
  it('marks on each side the lines the other side lacks', () => {
    expect(compareLines('a\nb\nc\n', 'a\nB\nc\nd')).toEqual({
      left: [
        { text: 'a', changed: false },
        { text: 'b', changed: true },
        { text: 'c', changed: false },
      ],
      right: [
        { text: 'a', changed: false },
        { text: 'B', changed: true },
        { text: 'c', changed: false },
        { text: 'd', changed: true },
      ],
    });
  });

  it('ignores CRLF endings and empty texts', () => {
    expect(compareLines('x\r\ny\r\n', 'x\ny')).toEqual({
      left: [
        { text: 'x', changed: false },
        { text: 'y', changed: false },
      ],
      right: [
        { text: 'x', changed: false },
        { text: 'y', changed: false },
      ],
    });
    expect(compareLines('', 'new')).toEqual({ left: [], right: [{ text: 'new', changed: true }] });
  });
});
