import { describe, expect, it } from 'vitest';
import {
  deriveRecoveryKek,
  formatRecoveryKey,
  generateRecoveryKey,
  parseRecoveryKey,
  RECOVERY_KEY_CHARS,
} from './recovery-key.ts';
import { VaultError } from './vault-error.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'accepted';
  } catch (error) {
    if (error instanceof VaultError) return error.code;
    throw error;
  }
};

describe('recovery key', () => {
  it('is 7 groups of 5 Crockford base32 characters and reads back to the same 20 bytes', () => {
    const { text, entropy } = generateRecoveryKey();
    expect(text).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){6}[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(text.replace(/-/g, '')).toHaveLength(RECOVERY_KEY_CHARS);
    expect(parseRecoveryKey(text)).toEqual(entropy);
    expect(generateRecoveryKey().text).not.toBe(text);
  });

  it('reads what a person types: any case, spaces instead of dashes, O for 0, I or L for 1', () => {
    const entropy = new Uint8Array(20).fill(0);
    entropy[19] = 1;
    const text = formatRecoveryKey(entropy);
    expect(text.startsWith('00000-00000')).toBe(true);
    const typed = ` ${text.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
    expect(parseRecoveryKey(typed)).toEqual(entropy);
  });

  it('catches every single wrong character and every swap of neighbours as a typo', () => {
    const { text, entropy } = generateRecoveryKey();
    const compact = text.replace(/-/g, '');
    let checked = 0;
    for (let i = 0; i < compact.length; i++)
      for (const char of ALPHABET) {
        if (char === compact[i]) continue;
        const typo = compact.slice(0, i) + char + compact.slice(i + 1);
        expect(
          codeOf(() => parseRecoveryKey(typo)),
          `${typo} (position ${i})`,
        ).toBe('recovery-key-typo');
        checked++;
      }
    for (let i = 0; i + 1 < compact.length; i++) {
      if (compact[i] === compact[i + 1]) continue;
      const swapped = compact.slice(0, i) + compact[i + 1] + compact[i] + compact.slice(i + 2);
      expect(
        codeOf(() => parseRecoveryKey(swapped)),
        swapped,
      ).toBe('recovery-key-typo');
      checked++;
    }
    expect(checked).toBeGreaterThan(35 * 31);
    expect(parseRecoveryKey(compact)).toEqual(entropy);
  });

  it('names a missing character, an extra one and a character no key contains', () => {
    const { text } = generateRecoveryKey();
    expect(() => parseRecoveryKey(text.slice(0, -1))).toThrow(
      'A recovery key has 35 characters (7 groups of 5); this one has 34.',
    );
    expect(() => parseRecoveryKey(`${text}7`)).toThrow('this one has 36');
    expect(() => parseRecoveryKey(`U${text.slice(1)}`)).toThrow('A recovery key never contains "U"');
  });

  it('stands for a different key in every vault', async () => {
    const { entropy } = generateRecoveryKey();
    const a = await deriveRecoveryKek(entropy, 'vault-a');
    expect(a).toHaveLength(32);
    expect(await deriveRecoveryKek(entropy, 'vault-a')).toEqual(a);
    expect(await deriveRecoveryKek(entropy, 'vault-b')).not.toEqual(a);
  });
});
