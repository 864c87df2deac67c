import { describe, expect, it } from 'vitest';
import { minutesLabel, minutesLeft, scrollProgress } from './minutes-left.ts';

describe('minutesLeft', () => {
  it('rounds up the unread share of the read time', () => {
    expect(minutesLeft(10, 0)).toBe(10);
    expect(minutesLeft(10, 25)).toBe(8); // 7.5 → 8
    expect(minutesLeft(10, 91)).toBe(1); // 0.9 → 1
    expect(minutesLeft(10, 100)).toBe(0);
  });

  it('uses 5 minutes when the read time is missing or not positive', () => {
    expect(minutesLeft(undefined, 0)).toBe(5);
    expect(minutesLeft(null, 50)).toBe(3);
    expect(minutesLeft(0, 0)).toBe(5);
  });

  it('clamps progress to 0–100', () => {
    expect(minutesLeft(4, -20)).toBe(4);
    expect(minutesLeft(4, 150)).toBe(0);
    expect(minutesLeft(4, Number.NaN)).toBe(4);
  });
});

describe('minutesLabel', () => {
  it('is min for one and mins otherwise', () => {
    expect(minutesLabel(1)).toBe('min');
    expect(minutesLabel(0)).toBe('mins');
    expect(minutesLabel(2)).toBe('mins');
  });
});

describe('scrollProgress', () => {
  it('is the scrolled share of the scrollable height', () => {
    expect(scrollProgress(0, 3000, 1000)).toBe(0);
    expect(scrollProgress(1000, 3000, 1000)).toBe(50);
    expect(scrollProgress(2000, 3000, 1000)).toBe(100);
  });

  it('is 0 when nothing scrolls and clamps overscroll', () => {
    expect(scrollProgress(0, 800, 1000)).toBe(0);
    expect(scrollProgress(2500, 3000, 1000)).toBe(100);
    expect(scrollProgress(-50, 3000, 1000)).toBe(0);
  });
});
