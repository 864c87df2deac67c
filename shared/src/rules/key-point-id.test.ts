import { describe, expect, it } from 'vitest';
import { keyPointId } from './key-point-id.ts';

describe('keyPointId', () => {
  it("is 'kp-' plus index plus timestamp", () => {
    expect(keyPointId(0, 1700000000000)).toBe('kp-01700000000000');
    expect(keyPointId(12, 1700000000123)).toBe('kp-121700000000123');
  });

  it('gives distinct ids to the points of one extraction', () => {
    const ids = Array.from({ length: 10 }, (_, i) => keyPointId(i, 1700000000000));
    expect(new Set(ids).size).toBe(10);
  });
});
