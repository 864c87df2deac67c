import { describe, expect, it } from 'vitest';
import { fromBase64Url, fromUtf8, toBase64Url, utf8 } from './bytes.ts';

describe('base64url', () => {
  it('matches Node’s base64url for every length from 0 to 300 and decodes back', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 151 + length * 7) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });

  it('round-trips a long buffer (past the chunk size)', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(50_000));
    const decoded = fromBase64Url(toBase64Url(bytes));
    // Buffer.equals, not toEqual: a deep comparison of 50,000 elements takes a second.
    expect(decoded && Buffer.from(decoded).equals(bytes)).toBe(true);
  });

  it('refuses other alphabets, padding, impossible lengths and stray bits', () => {
    expect(fromBase64Url('ab+c')).toBeNull();
    expect(fromBase64Url('ab/c')).toBeNull();
    expect(fromBase64Url('abc=')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
    expect(fromBase64Url('é')).toBeNull();
    // "AB" decodes to one byte and leaves 4 bits over, which must be zero ("AA" is the one spelling of 0x00).
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
    expect(fromBase64Url('AB')).toBeNull();
  });
});

describe('utf8', () => {
  it('round-trips any text and refuses bytes that are not UTF-8', () => {
    const text = 'Grüße, 日本語, emoji 🔒';
    expect(fromUtf8(utf8(text))).toBe(text);
    expect(fromUtf8(new Uint8Array([0xff, 0xfe]))).toBeNull();
  });
});
