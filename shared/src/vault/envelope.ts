// The versioned envelope every locked value is stored in: algorithm, key id, nonce, ciphertext, as one ASCII
// line `pnenc.1.xc20p.<keyId>.<nonce>.<ciphertext>` (base64url, no padding) that a server stores as plain text
// without knowing what it is. Parsing never guesses: an unknown version or algorithm is refused by name.
import { z } from 'zod';
import { BASE64URL_PATTERN, fromBase64Url, toBase64Url } from './bytes.ts';
import { VaultError } from './vault-error.ts';

export const ENVELOPE_MARKER = 'pnenc';
export const ENVELOPE_VERSION = 1;
/** XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): 256-bit key, 192-bit random nonce, 128-bit tag. */
export const ENVELOPE_ALGORITHM = 'xc20p';
export const NONCE_BYTES = 24;
export const TAG_BYTES = 16;
export const KEY_BYTES = 32;
export const KEY_ID_MAX = 64;

export const KeyIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(KEY_ID_MAX, `must be at most ${KEY_ID_MAX} characters`)
  .regex(BASE64URL_PATTERN, 'may contain only letters, digits, "-" and "_"');

export const EnvelopeSchema = z.object({
  version: z.literal(ENVELOPE_VERSION),
  algorithm: z.literal(ENVELOPE_ALGORITHM),
  keyId: KeyIdSchema,
  nonce: z.instanceof(Uint8Array).refine((n) => n.length === NONCE_BYTES, `must be ${NONCE_BYTES} bytes`),
  ciphertext: z
    .instanceof(Uint8Array)
    .refine((c) => c.length >= TAG_BYTES, `must hold at least the ${TAG_BYTES}-byte tag`),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** True when `text` is meant to be an envelope (it may still be malformed: parse it to know). */
export function looksLikeEnvelope(text: string): boolean {
  return text.startsWith(`${ENVELOPE_MARKER}.`);
}

export function formatEnvelope(envelope: Envelope): string {
  const valid = EnvelopeSchema.parse(envelope);
  return [
    ENVELOPE_MARKER,
    String(valid.version),
    valid.algorithm,
    valid.keyId,
    toBase64Url(valid.nonce),
    toBase64Url(valid.ciphertext),
  ].join('.');
}

export function parseEnvelope(text: unknown): Envelope {
  if (typeof text !== 'string' || !looksLikeEnvelope(text))
    throw new VaultError('not-locked-text', 'This is not a locked (encrypted) value.');
  const parts = text.split('.');
  const version = parts[1] ?? '';
  if (!/^[1-9][0-9]{0,5}$/.test(version))
    throw new VaultError(
      'malformed',
      'This locked value is damaged: its version is missing or not a number.',
    );
  if (Number(version) !== ENVELOPE_VERSION)
    throw new VaultError(
      'unknown-version',
      `This value was locked by a newer version of Private Notes (envelope version ${version}); update the app to open it.`,
    );
  if (parts.length !== 6)
    throw new VaultError('malformed', `This locked value is damaged: it has ${parts.length} parts, not 6.`);
  const [, , algorithm, keyId, nonceText, ciphertextText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (algorithm !== ENVELOPE_ALGORITHM)
    throw new VaultError(
      'unsupported-algorithm',
      `This value was locked with an algorithm this app does not know ("${algorithm.slice(0, 20)}").`,
    );
  const nonce = fromBase64Url(nonceText);
  const ciphertext = fromBase64Url(ciphertextText);
  if (!nonce || !ciphertext)
    throw new VaultError(
      'malformed',
      'This locked value is damaged: its nonce or ciphertext is not base64url.',
    );
  // The schema's checks written out: opening 10,000 notes parses 40,000 envelopes, and the schema's parse was
  // as costly as the decryption itself. The schema still words what is wrong with a damaged one.
  if (
    keyId.length > 0 &&
    keyId.length <= KEY_ID_MAX &&
    BASE64URL_PATTERN.test(keyId) &&
    nonce.length === NONCE_BYTES &&
    ciphertext.length >= TAG_BYTES
  )
    return { version: ENVELOPE_VERSION, algorithm: ENVELOPE_ALGORITHM, keyId, nonce, ciphertext } as Envelope;
  const parsed = EnvelopeSchema.safeParse({ version: ENVELOPE_VERSION, algorithm, keyId, nonce, ciphertext });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VaultError(
      'malformed',
      `This locked value is damaged: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}.`,
    );
  }
  return parsed.data;
}
