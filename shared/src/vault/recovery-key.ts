// The recovery key: 160 random bits the owner prints or saves, written as 7 groups of 5 Crockford base32
// characters (no I, L, O or U, so nothing reads as something else). The last 3 characters are a CRC-15 of the
// rest, which catches every single wrong character and every swap of two neighbours (any error burst of up to
// 15 bits), so a typo is named as a typo instead of "wrong key".
import { randomBytes } from '@noble/ciphers/utils.js';
import { createBLAKE2b } from 'hash-wasm';
import { utf8 } from './bytes.ts';
import { KEY_BYTES } from './envelope.ts';
import { VaultError } from './vault-error.ts';

export const RECOVERY_KEY_BYTES = 20;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DATA_CHARS = (RECOVERY_KEY_BYTES * 8) / 5; // 32
const CHECK_CHARS = 3;
export const RECOVERY_KEY_CHARS = DATA_CHARS + CHECK_CHARS; // 35
const GROUP = 5;
/** CRC-15/CAN's generator x^15+x^14+x^10+x^8+x^7+x^4+x^3+1. */
const CRC15_POLY = 0x4599;

/** What the owner sees, e.g. `7K2QD-…-M3X9A`. */
export type RecoveryKeyText = string;

function crc15(symbols: number[]): number {
  let crc = 0;
  for (const symbol of symbols)
    for (let bit = 4; bit >= 0; bit--) {
      const feedback = ((crc >> 14) & 1) ^ ((symbol >> bit) & 1);
      crc = (crc << 1) & 0x7fff;
      if (feedback) crc ^= CRC15_POLY;
    }
  return crc;
}

function bytesToSymbols(bytes: Uint8Array): number[] {
  const symbols: number[] = [];
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      symbols.push((value >> bits) & 31);
    }
  }
  return symbols;
}

function symbolsToBytes(symbols: number[]): Uint8Array {
  const out = new Uint8Array(RECOVERY_KEY_BYTES);
  let value = 0;
  let bits = 0;
  let o = 0;
  for (const symbol of symbols) {
    value = ((value << 5) | symbol) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export function formatRecoveryKey(entropy: Uint8Array): RecoveryKeyText {
  if (entropy.length !== RECOVERY_KEY_BYTES)
    throw new Error(`A recovery key holds ${RECOVERY_KEY_BYTES} bytes.`);
  const symbols = bytesToSymbols(entropy);
  const crc = crc15(symbols);
  symbols.push((crc >> 10) & 31, (crc >> 5) & 31, crc & 31);
  const text = symbols.map((s) => ALPHABET[s]).join('');
  const groups: string[] = [];
  for (let i = 0; i < text.length; i += GROUP) groups.push(text.slice(i, i + GROUP));
  return groups.join('-');
}

export function generateRecoveryKey(): { text: RecoveryKeyText; entropy: Uint8Array } {
  const entropy = randomBytes(RECOVERY_KEY_BYTES);
  return { text: formatRecoveryKey(entropy), entropy };
}

/** Reads a recovery key as typed: any case, spaces and dashes ignored, O read as 0 and I or L as 1. */
export function parseRecoveryKey(typed: string): Uint8Array {
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== RECOVERY_KEY_CHARS)
    throw new VaultError(
      'recovery-key-typo',
      `A recovery key has ${RECOVERY_KEY_CHARS} characters (7 groups of 5); this one has ${compact.length}.`,
    );
  const symbols: number[] = [];
  for (const char of compact) {
    const symbol = ALPHABET.indexOf(char);
    if (symbol < 0)
      throw new VaultError(
        'recovery-key-typo',
        `A recovery key never contains "${char}": check that character.`,
      );
    symbols.push(symbol);
  }
  const data = symbols.slice(0, DATA_CHARS);
  const [a, b, c] = symbols.slice(DATA_CHARS) as [number, number, number];
  if (crc15(data) !== ((a << 10) | (b << 5) | c))
    throw new VaultError(
      'recovery-key-typo',
      'This recovery key has a typo: compare each group with your saved copy.',
    );
  return symbolsToBytes(data);
}

/**
 * The key-encryption key a recovery key stands for: keyed BLAKE2b-256 of a fixed label and the vault key id.
 * No Argon2 here: 160 random bits cannot be guessed, only a passphrase needs stretching.
 */
export async function deriveRecoveryKek(entropy: Uint8Array, vaultKeyId: string): Promise<Uint8Array> {
  const hasher = await createBLAKE2b(KEY_BYTES * 8, entropy);
  hasher.update(utf8(`private-notes/vault\0recovery-kek\0${vaultKeyId}`));
  return hasher.digest('binary');
}
