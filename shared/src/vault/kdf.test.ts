import { describe, expect, it } from 'vitest';
import { deriveKeyEncryptionKey, KdfParamsSchema, normalizePassphrase, recommendedKdfCost } from './kdf.ts';

const params = {
  algorithm: 'argon2id',
  version: 19,
  memoryKiB: 8192,
  iterations: 1,
  parallelism: 1,
  salt: 'AAECAwQFBgcICQoLDA0ODw',
} as const;

describe('key derivation', () => {
  it('recommends 64 MiB and 3 passes, less memory and more passes on a small device', () => {
    expect(recommendedKdfCost()).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(recommendedKdfCost(8)).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(recommendedKdfCost(1)).toEqual({ memoryKiB: 32768, iterations: 4, parallelism: 1 });
    expect(recommendedKdfCost(0.5)).toEqual({ memoryKiB: 19456, iterations: 6, parallelism: 1 });
  });

  it('is deterministic for one passphrase and salt, and differs with either', async () => {
    const key = await deriveKeyEncryptionKey('a passphrase', params);
    expect(key).toHaveLength(32);
    expect(await deriveKeyEncryptionKey('a passphrase', params)).toEqual(key);
    expect(await deriveKeyEncryptionKey('a passphrase!', params)).not.toEqual(key);
    expect(
      await deriveKeyEncryptionKey('a passphrase', { ...params, salt: 'AQECAwQFBgcICQoLDA0ODw' }),
    ).not.toEqual(key);
  });

  it('normalizes the passphrase (NFKC) and refuses an empty one', async () => {
    expect(normalizePassphrase('e\u0301')).toBe('\u00e9');
    expect(normalizePassphrase('ﬁle')).toBe('file');
    expect(await deriveKeyEncryptionKey('caf\u00e9', params)).toEqual(
      await deriveKeyEncryptionKey('cafe\u0301', params),
    );
    await expect(deriveKeyEncryptionKey('', params)).rejects.toThrow('Enter a passphrase.');
  });

  it('refuses parameters outside the bounds a header may hold', () => {
    expect(KdfParamsSchema.safeParse(params).success).toBe(true);
    for (const bad of [
      { memoryKiB: 4096 },
      { memoryKiB: 2 * 1024 * 1024 },
      { iterations: 0 },
      { iterations: 33 },
      { parallelism: 9 },
      { salt: 'AAEC' },
      { salt: 'not base64!' },
      { algorithm: 'scrypt' },
      { version: 16 },
    ])
      expect(KdfParamsSchema.safeParse({ ...params, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
