import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, readingTime } from './reading-time.ts';

describe('countWords', () => {
  it('is 0 for empty and blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t  ')).toBe(0);
  });

  it('counts whitespace-separated tokens', () => {
    expect(countWords('one')).toBe(1);
    expect(countWords('  one two\tthree\nfour  ')).toBe(4);
    expect(countWords('# Heading\n\n- item, with punctuation.')).toBe(6);
  });

  it('treats every \\s character as a separator', () => {
    expect(countWords('a\u00a0b\u2003c\u3000d\ufeffe')).toBe(5);
  });

  it('agrees with a split on \\s+ for mixed text', () => {
    const text = ' Lorem ipsum\u00a0dolor\r\nsit  amet,\tconsectetur \u2028adipiscing ';
    expect(countWords(text)).toBe(text.trim().split(/\s+/).length);
  });
});

describe('countCharacters', () => {
  it('counts characters including spaces', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('a b')).toBe(3);
  });

  it('counts an emoji as one character', () => {
    expect(countCharacters('hi 👋')).toBe(4);
  });

  it('counts code points like the string iterator, lone surrogates included', () => {
    for (const text of ['👋👋', '\ud83d', 'a\udc4b', '\ud83d\ud83d\udc4b', '👩‍👩‍👧 x', '\udc4b\ud83d']) {
      expect(countCharacters(text), JSON.stringify(text)).toBe([...text].length);
    }
  });
});

describe('readingTime', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

  it('is at least 1 minute', () => {
    expect(readingTime('')).toBe(1);
    expect(readingTime('short')).toBe(1);
  });

  it('divides words by 200 and rounds up', () => {
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(words(400))).toBe(2);
    expect(readingTime(words(1001))).toBe(6);
  });
});
