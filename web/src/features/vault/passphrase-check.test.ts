import { describe, expect, it } from 'vitest';
import { newPassphraseProblem } from './passphrase-check.ts';

describe('new passphrase checks', () => {
  it('refuses an empty or weak passphrase with the estimate and its reason', () => {
    expect(newPassphraseProblem('', '')).toBe('Enter a passphrase.');
    const weak = newPassphraseProblem('password1', 'password1');
    expect(weak).toMatch(
      /^This passphrase is too weak \(very weak, about \d+ bits; at least 55 are needed\)\. /,
    );
    expect(weak).toContain('This is one of the most common passwords.');
    expect(newPassphraseProblem('correct horse', 'correct horse')).toMatch(/too weak/);
  });

  it('refuses two different passphrases, and accepts four unrelated words typed twice', () => {
    const strong = 'orbit velvet canyon lantern pickle';
    expect(newPassphraseProblem(strong, `${strong} `)).toBe('The two passphrases do not match.');
    expect(newPassphraseProblem(strong, strong)).toBeNull();
  });
});
