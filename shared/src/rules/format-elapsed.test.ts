import { describe, expect, it } from 'vitest';
import { formatElapsed } from './format-elapsed.ts';

describe('formatElapsed', () => {
  it('formats m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(5)).toBe('0:05');
    expect(formatElapsed(59)).toBe('0:59');
    expect(formatElapsed(60)).toBe('1:00');
    expect(formatElapsed(754)).toBe('12:34');
  });

  it('lets minutes grow past an hour', () => {
    expect(formatElapsed(3725)).toBe('62:05');
  });

  it('floors fractions and clamps nonsense to 0:00', () => {
    expect(formatElapsed(61.9)).toBe('1:01');
    expect(formatElapsed(-3)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});
