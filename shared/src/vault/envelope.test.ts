import { describe, expect, it } from 'vitest';
import { toBase64Url, utf8 } from './bytes.ts';
import { ENVELOPE_MARKER, formatEnvelope, looksLikeEnvelope, parseEnvelope } from './envelope.ts';
import { openBytes, randomKey, sealBytes } from './seal.ts';
import { VaultError } from './vault-error.ts';

const vaultError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof VaultError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a VaultError');
};

const key = randomKey();
const context = ['field', 'note-1', 'content'] as const;
const sealed = () => formatEnvelope(sealBytes(key, 'nk1', utf8('secret marker words'), context));

/** The envelope text with one bit flipped in the given part's bytes. */
function flipBit(text: string, part: 4 | 5, byteIndex: number, bit: number): string {
  const parts = text.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[byteIndex]! ^= 1 << bit;
  parts[part] = toBase64Url(bytes);
  return parts.join('.');
}

describe('envelope string form', () => {
  it('is one ASCII line with the marker, version, algorithm and key id in clear, and round-trips', () => {
    const text = sealed();
    expect(text).toMatch(/^pnenc\.1\.xc20p\.nk1\.[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]+$/);
    expect(looksLikeEnvelope(text)).toBe(true);
    expect(text).not.toContain('secret');
    const parsed = parseEnvelope(text);
    expect(parsed.nonce).toHaveLength(24);
    expect(parsed.ciphertext).toHaveLength(19 + 16);
    expect(formatEnvelope(parsed)).toBe(text);
    expect(new TextDecoder().decode(openBytes(key, parsed, context))).toBe('secret marker words');
  });

  it('uses a new nonce every time, so the same text never seals to the same envelope', () => {
    expect(sealed()).not.toBe(sealed());
  });

  it('names what is wrong with a malformed or unknown envelope', () => {
    expect(vaultError(() => parseEnvelope('plain text'))).toMatchObject({ code: 'not-locked-text' });
    expect(vaultError(() => parseEnvelope(42))).toMatchObject({ code: 'not-locked-text' });
    expect(vaultError(() => parseEnvelope(`${ENVELOPE_MARKER}.x.xc20p.k.AA.AA`))).toMatchObject({
      code: 'malformed',
    });
    expect(vaultError(() => parseEnvelope(sealed().replace('pnenc.1.', 'pnenc.2.')))).toEqual({
      code: 'unknown-version',
      message:
        'This value was locked by a newer version of Private Notes (envelope version 2); update the app to open it.',
    });
    expect(vaultError(() => parseEnvelope(sealed().replace('.xc20p.', '.aes256gcm.')))).toMatchObject({
      code: 'unsupported-algorithm',
    });
    expect(vaultError(() => parseEnvelope(`${sealed()}.extra`))).toMatchObject({
      code: 'malformed',
      message: 'This locked value is damaged: it has 7 parts, not 6.',
    });
    const parts = sealed().split('.');
    expect(vaultError(() => parseEnvelope([...parts.slice(0, 4), 'AAAA', parts[5]].join('.')))).toMatchObject(
      {
        code: 'malformed',
        message: 'This locked value is damaged: nonce must be 24 bytes.',
      },
    );
    expect(vaultError(() => parseEnvelope([...parts.slice(0, 5), 'AAAA'].join('.')))).toMatchObject({
      code: 'malformed',
    });
    expect(vaultError(() => parseEnvelope([...parts.slice(0, 5), 'a+b/'].join('.')))).toMatchObject({
      code: 'malformed',
    });
    expect(
      vaultError(() => parseEnvelope([...parts.slice(0, 3), 'k!y', ...parts.slice(4)].join('.'))),
    ).toMatchObject({
      code: 'malformed',
    });
  });
});

describe('tamper detection', () => {
  const expectRefused = (text: string) =>
    expect(vaultError(() => openBytes(key, parseEnvelope(text), context))).toMatchObject({
      code: 'decrypt-failed',
    });

  it('refuses every single flipped bit of the nonce', () => {
    const text = sealed();
    for (let byte = 0; byte < 24; byte++)
      for (let bit = 0; bit < 8; bit++) expectRefused(flipBit(text, 4, byte, bit));
  });

  it('refuses every single flipped bit of the ciphertext and of the tag', () => {
    const text = sealed();
    for (let byte = 0; byte < 19 + 16; byte++)
      for (let bit = 0; bit < 8; bit++) expectRefused(flipBit(text, 5, byte, bit));
  });

  it('refuses a changed key id, a changed context, a truncated ciphertext and the wrong key', () => {
    const text = sealed();
    expectRefused(text.replace('.nk1.', '.nk2.'));
    const parts = text.split('.');
    const truncated = Buffer.from(parts[5]!, 'base64url').subarray(0, -1);
    expectRefused([...parts.slice(0, 5), toBase64Url(truncated)].join('.'));
    const parsed = parseEnvelope(text);
    for (const other of [
      ['field', 'note-2', 'content'],
      ['field', 'note-1', 'title'],
      ['field', 'note-1', 'content', ''],
      ['field', 'note-1\0content'],
    ])
      expect(vaultError(() => openBytes(key, parsed, other))).toMatchObject({
        code: other.some((p) => p.includes('\0')) ? 'malformed' : 'decrypt-failed',
      });
    expect(vaultError(() => openBytes(randomKey(), parsed, context))).toMatchObject({
      code: 'decrypt-failed',
      message: expect.stringContaining('Could not decrypt'),
    });
  });
});
