// Passphrase → key-encryption key with Argon2id (hash-wasm, WebAssembly: the same code in Node and the
// browser). The parameters are stored in the vault header, so a vault made on a phone with less memory still
// opens on a laptop, and stronger defaults later never strand an older vault.
import { argon2id } from 'hash-wasm';
import { z } from 'zod';
import { BASE64URL_PATTERN, fromBase64Url, utf8 } from './bytes.ts';
import { KEY_BYTES } from './envelope.ts';
import { VaultError } from './vault-error.ts';

export const KDF_ALGORITHM = 'argon2id';
/** Argon2 version 1.3 (0x13), the one RFC 9106 specifies. */
export const KDF_VERSION = 19;
export const KDF_SALT_BYTES = 16;
/** RFC 9106 §4's second recommended option (64 MiB, 3 passes); one lane, as WebAssembly runs one thread. */
export const KDF_DEFAULTS = { memoryKiB: 64 * 1024, iterations: 3, parallelism: 1 } as const;
/** Bounds a header must respect: the floor keeps a stolen header expensive to guess against, the ceiling
 * keeps a damaged or hostile header from asking a device for gigabytes. */
export const KDF_MEMORY_MIN_KIB = 8 * 1024;
export const KDF_MEMORY_MAX_KIB = 1024 * 1024;
export const KDF_ITERATIONS_MAX = 32;
export const KDF_PARALLELISM_MAX = 8;

export const KdfParamsSchema = z.object({
  algorithm: z.literal(KDF_ALGORITHM),
  version: z.literal(KDF_VERSION),
  memoryKiB: z.number().int().min(KDF_MEMORY_MIN_KIB).max(KDF_MEMORY_MAX_KIB),
  iterations: z.number().int().min(1).max(KDF_ITERATIONS_MAX),
  parallelism: z.number().int().min(1).max(KDF_PARALLELISM_MAX),
  /** base64url, 16–64 random bytes, new for every passphrase. */
  salt: z
    .string()
    .regex(BASE64URL_PATTERN, 'must be base64url')
    .refine((s) => {
      const bytes = fromBase64Url(s);
      return bytes !== null && bytes.length >= KDF_SALT_BYTES && bytes.length <= 64;
    }, `must decode to ${KDF_SALT_BYTES}–64 bytes`),
});
export type KdfParams = z.infer<typeof KdfParamsSchema>;
export type KdfCost = Pick<KdfParams, 'memoryKiB' | 'iterations' | 'parallelism'>;

/**
 * The cost for this device. `deviceMemoryGiB` is the browser's `navigator.deviceMemory` (Chromium; rounded
 * down, at most 8) when known. At 64 MiB and up the RFC's choice; below 2 GiB of device memory a smaller
 * block with more passes, keeping the time about the same (OWASP's 19–46 MiB rows).
 */
export function recommendedKdfCost(deviceMemoryGiB?: number): KdfCost {
  if (deviceMemoryGiB !== undefined && deviceMemoryGiB < 1)
    return { memoryKiB: 19 * 1024, iterations: 6, parallelism: 1 };
  if (deviceMemoryGiB !== undefined && deviceMemoryGiB < 2)
    return { memoryKiB: 32 * 1024, iterations: 4, parallelism: 1 };
  return { ...KDF_DEFAULTS };
}

/** Unicode NFKC, so the same passphrase typed on two keyboards (composed or decomposed accents) is one key. */
export function normalizePassphrase(passphrase: string): string {
  const normalized = passphrase.normalize('NFKC');
  if (normalized.length === 0) throw new VaultError('empty-passphrase', 'Enter a passphrase.');
  return normalized;
}

export interface Argon2idInput {
  password: Uint8Array;
  salt: Uint8Array;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  hashLength: number;
}

/** Raw Argon2id v1.3 (no secret, no associated data): what the test vectors check. */
export async function argon2idBytes(input: Argon2idInput): Promise<Uint8Array> {
  try {
    return await argon2id({
      password: input.password,
      salt: input.salt,
      memorySize: input.memoryKiB,
      iterations: input.iterations,
      parallelism: input.parallelism,
      hashLength: input.hashLength,
      outputType: 'binary',
    });
  } catch (error) {
    throw new VaultError(
      'kdf-failed',
      `Could not derive the key (${error instanceof Error ? error.message : String(error)}); the device may lack the memory.`,
    );
  }
}

export async function deriveKeyEncryptionKey(passphrase: string, params: KdfParams): Promise<Uint8Array> {
  const valid = KdfParamsSchema.parse(params);
  return argon2idBytes({
    password: utf8(normalizePassphrase(passphrase)),
    salt: fromBase64Url(valid.salt)!,
    memoryKiB: valid.memoryKiB,
    iterations: valid.iterations,
    parallelism: valid.parallelism,
    hashLength: KEY_BYTES,
  });
}
