// Encrypts and decrypts one value into an envelope with XChaCha20-Poly1305 (@noble/ciphers). The associated
// data binds the envelope to where it belongs (a purpose such as "field", the note id, the field name) and to
// its own header (version, algorithm, key id), so ciphertext moved to another note or field, or a header
// edited, fails the tag check instead of decrypting into the wrong place.
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { utf8 } from './bytes.ts';
import {
  ENVELOPE_ALGORITHM,
  ENVELOPE_VERSION,
  type Envelope,
  KEY_BYTES,
  KeyIdSchema,
  NONCE_BYTES,
} from './envelope.ts';
import { DECRYPT_FAILED_MESSAGE, VaultError } from './vault-error.ts';

/** Where a sealed value belongs, e.g. `['field', noteId, 'title']`. Parts must not contain NUL. */
export type SealContext = readonly string[];

const AD_DOMAIN = 'private-notes/vault';

export function associatedData(
  context: SealContext,
  envelope: Pick<Envelope, 'version' | 'algorithm' | 'keyId'>,
) {
  for (const part of context)
    if (part.includes('\0')) throw new VaultError('malformed', 'A vault context part must not contain NUL.');
  // NUL-separated, so ["a", "b\0c"] and ["a\0b", "c"] can never produce the same bytes.
  return utf8(
    [AD_DOMAIN, String(envelope.version), envelope.algorithm, envelope.keyId, ...context].join('\0'),
  );
}

export function randomKey(): Uint8Array {
  return randomBytes(KEY_BYTES);
}

/** Seals `plaintext` under `key` (identified by `keyId`) with a fresh random nonce. */
export function sealBytes(
  key: Uint8Array,
  keyId: string,
  plaintext: Uint8Array,
  context: SealContext,
): Envelope {
  if (key.length !== KEY_BYTES) throw new VaultError('malformed', `A vault key must be ${KEY_BYTES} bytes.`);
  const header = {
    version: ENVELOPE_VERSION,
    algorithm: ENVELOPE_ALGORITHM,
    keyId: KeyIdSchema.parse(keyId),
  } as const;
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = xchacha20poly1305(key, nonce, associatedData(context, header)).encrypt(plaintext);
  return { ...header, nonce, ciphertext };
}

/** Opens an envelope; any change to key, nonce, ciphertext, header or context throws 'decrypt-failed'. */
export function openBytes(key: Uint8Array, envelope: Envelope, context: SealContext): Uint8Array {
  if (key.length !== KEY_BYTES) throw new VaultError('malformed', `A vault key must be ${KEY_BYTES} bytes.`);
  const ad = associatedData(context, envelope);
  try {
    return xchacha20poly1305(key, envelope.nonce, ad).decrypt(envelope.ciphertext);
  } catch {
    throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
  }
}
