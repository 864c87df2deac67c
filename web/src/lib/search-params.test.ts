import { describe, expect, it } from 'vitest';
import { optionalPositiveInt, optionalText } from './search-params.ts';

describe('optionalText', () => {
  it('keeps short strings and drops the rest', () => {
    expect(optionalText('notes')).toBe('notes');
    expect(optionalText('')).toBeUndefined();
    expect(optionalText(undefined)).toBeUndefined();
    expect(optionalText({ a: 1 })).toBeUndefined();
    expect(optionalText('x'.repeat(201))).toBeUndefined();
    expect(optionalText(42)).toBe('42');
  });
});

describe('optionalPositiveInt', () => {
  it('reads numbers and digit strings, drops anything else', () => {
    expect(optionalPositiveInt(7)).toBe(7);
    expect(optionalPositiveInt('12')).toBe(12);
    expect(optionalPositiveInt(0)).toBeUndefined();
    expect(optionalPositiveInt(-3)).toBeUndefined();
    expect(optionalPositiveInt(1.5)).toBeUndefined();
    expect(optionalPositiveInt('1e3')).toBeUndefined();
    expect(optionalPositiveInt('abc')).toBeUndefined();
  });
});
