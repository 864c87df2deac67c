// An attachment of a locked note, sealed on the device before it is stored or uploaded (issue 34): a random key
// per file (kept in the note's sealed markdown, sealed-file-link.ts) and XChaCha20-Poly1305 over the whole file.
// The stored bytes are `PNF1`, the 24-byte nonce, then the ciphertext and its tag: the server keeps them as an
// opaque file (no image size, no variants: nothing in them looks like an image). The associated data names the
// purpose, so a file key can open nothing else.
import { concatBytes, fromBase64Url, toBase64Url } from './bytes.ts';
import { ENVELOPE_ALGORITHM, ENVELOPE_VERSION, KEY_BYTES, NONCE_BYTES, TAG_BYTES } from './envelope.ts';
import { openBytes, randomKey, sealBytes } from './seal.ts';
import { VaultError } from './vault-error.ts';

const MAGIC = new Uint8Array([0x50, 0x4e, 0x46, 0x31]); // "PNF1"
const FILE_KEY_ID = 'file';
const CONTEXT = ['attachment'] as const;
/** What sealing adds to a file's size. */
export const SEALED_FILE_OVERHEAD = MAGIC.length + NONCE_BYTES + TAG_BYTES;

export function isSealedFile(bytes: Uint8Array): boolean {
  return bytes.length >= SEALED_FILE_OVERHEAD && MAGIC.every((b, i) => bytes[i] === b);
}

/** A new file's key and its text form (the fragment of its address). */
export function newFileKey(): { key: Uint8Array; text: string } {
  const key = randomKey();
  return { key, text: toBase64Url(key) };
}

export function fileKeyFromText(text: string): Uint8Array {
  const key = fromBase64Url(text);
  if (!key || key.length !== KEY_BYTES)
    throw new VaultError('malformed', 'This locked file has a damaged key.');
  return key;
}

export function sealFile(key: Uint8Array, plain: Uint8Array): Uint8Array {
  const envelope = sealBytes(key, FILE_KEY_ID, plain, CONTEXT);
  return concatBytes(MAGIC, envelope.nonce, envelope.ciphertext);
}

/** The file's bytes; a wrong key or any changed byte throws 'decrypt-failed'. */
export function openFile(key: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (!isSealedFile(sealed)) throw new VaultError('malformed', 'This is not a locked file.');
  return openBytes(
    key,
    {
      version: ENVELOPE_VERSION,
      algorithm: ENVELOPE_ALGORITHM,
      keyId: FILE_KEY_ID,
      nonce: sealed.slice(MAGIC.length, MAGIC.length + NONCE_BYTES),
      ciphertext: sealed.slice(MAGIC.length + NONCE_BYTES),
    },
    CONTEXT,
  );
}
