import { describe, expect, it } from 'vitest';
import {
  estimatePassphraseStrength,
  PASSPHRASE_MIN_BITS,
  PASSPHRASE_SCORE_BITS,
} from './passphrase-strength.ts';

const score = (p: string, inputs?: string[]) => estimatePassphraseStrength(p, inputs).score;
const bits = (p: string, inputs?: string[]) => estimatePassphraseStrength(p, inputs).bits;

describe('passphrase strength', () => {
  it('rates common passwords very weak whatever their length or l33t spelling', () => {
    for (const p of [
      'password',
      'P@ssw0rd',
      'qwerty123',
      'iloveyou',
      'correct horse battery staple',
      'Letmein',
    ])
      expect(estimatePassphraseStrength(p)).toMatchObject({
        score: 0,
        label: 'Very weak',
        warnings: expect.arrayContaining(['This is one of the most common passwords.']),
      });
  });

  it('rates repeats, sequences and a word with a year very weak', () => {
    expect(score('aaaaaaaaaaaaaaaa')).toBe(0);
    expect(score('abcdefghijkl')).toBe(0);
    expect(score('qwertyuiop123')).toBe(0);
    expect(score('9876543210')).toBe(0);
    expect(score('Sunshine2024!')).toBe(0);
    expect(estimatePassphraseStrength('1234abcd').warnings).toContain(
      'Avoid sequences and repeated characters.',
    );
  });

  it('counts the owner’s own name and email as next to nothing', () => {
    const inputs = ['Jane Doe', 'jane.doe@example.com'];
    expect(bits('doe orbit', inputs)).toBeLessThan(bits('elk orbit', inputs) - 9);
    expect(estimatePassphraseStrength('jane.doe1987', inputs)).toMatchObject({
      score: 0,
      warnings: expect.arrayContaining(['Avoid your own name or email.']),
    });
  });

  it('rates four or five unrelated words, and long random strings, strong or better', () => {
    expect(score('zebra quartz lantern pickle')).toBeGreaterThanOrEqual(3);
    expect(score('zebra quartz lantern pickle orbit')).toBe(4);
    expect(score('vélo rouge montagne café piano')).toBe(4);
    expect(score('xK9$qZ2!mP7#vL4&')).toBe(4);
    expect(bits('zebra quartz lantern pickle')).toBeGreaterThanOrEqual(PASSPHRASE_MIN_BITS);
  });

  it('rises with every added word, and two words are not enough', () => {
    const words = ['zebra', 'quartz', 'lantern', 'pickle', 'orbit'];
    let previous = 0;
    for (let n = 1; n <= words.length; n++) {
      const b = bits(words.slice(0, n).join(' '));
      expect(b).toBeGreaterThan(previous);
      previous = b;
    }
    expect(score('zebra quartz')).toBeLessThan(3);
    expect(estimatePassphraseStrength('zebra quartz').warnings).toContain(
      'Add more words: four or more unrelated words make a strong passphrase.',
    );
  });

  it('does not over-reward repeating the same word', () => {
    expect(bits('orbit orbit orbit orbit')).toBeLessThan(bits('orbit zebra'));
  });

  it('estimates scripts written without spaces by character', () => {
    expect(bits('月が綺麗')).toBe(20);
    expect(score('')).toBe(0);
    expect(estimatePassphraseStrength('').warnings).toEqual([]);
  });

  it('labels follow the documented thresholds', () => {
    expect(PASSPHRASE_SCORE_BITS).toEqual([28, 40, 55, 70]);
    for (const p of ['a', 'zebra quartz', 'zebra quartz lantern', 'zebra quartz lantern pickle orbit']) {
      const r = estimatePassphraseStrength(p);
      expect(r.score).toBe(PASSPHRASE_SCORE_BITS.filter((t) => r.bits >= t).length);
    }
  });
});
