// The vault header: everything needed to unlock, and nothing that unlocks by itself. It holds the Argon2id
// parameters and salt, the vault key wrapped by the passphrase's key and, separately, by the recovery key's.
// It is stored beside the notes (the server keeps it as an opaque JSON text); without the passphrase or the
// recovery key it opens nothing.
import { z } from 'zod';
import { IsoDateSchema } from '../schemas/common.ts';
import { BASE64URL_PATTERN } from './bytes.ts';
import { KeyIdSchema, looksLikeEnvelope, parseEnvelope } from './envelope.ts';
import { KdfParamsSchema } from './kdf.ts';
import { VaultError } from './vault-error.ts';

export const VAULT_HEADER_FORMAT = 'private-notes-vault';
export const VAULT_HEADER_VERSION = 1;
export const PASSKEY_WRAPS_MAX = 20;

const WrappedKeySchema = z.string().refine((text) => {
  if (!looksLikeEnvelope(text)) return false;
  try {
    parseEnvelope(text);
    return true;
  } catch {
    return false;
  }
}, 'must be a locked value (pnenc.1…)');

/**
 * A vault key rotation under way (key-rotation.ts): the next vault key, wrapped for the same passphrase (same
 * Argon2id parameters and salt) and for a new recovery key, and linked both ways with the current key, so a
 * device that opens either key opens both while notes are re-sealed. The header switches when they are all done.
 */
export const VaultRotationSchema = z.object({
  vaultKeyId: KeyIdSchema,
  /** The next vault key under KEK_p (key id "passphrase", bound to the next key's id). */
  passphraseWrap: WrappedKeySchema,
  /** The next vault key under the new recovery key's KEK (key id "recovery"). */
  recoveryWrap: WrappedKeySchema,
  /** The next vault key sealed under the current one. */
  nextKeyWrap: WrappedKeySchema,
  /** The current vault key sealed under the next one. */
  previousKeyWrap: WrappedKeySchema,
  startedAt: IsoDateSchema,
});
export type VaultRotation = z.infer<typeof VaultRotationSchema>;

export const RETIRED_KEYS_MAX = 100;

/** A vault key of an earlier rotation, sealed under the current vault key: notes or history still under it open. */
export const RetiredKeySchema = z.object({ vaultKeyId: KeyIdSchema, wrap: WrappedKeySchema });

/**
 * Loose: fields a later version adds (another way to unwrap the vault key, say) survive an older client that
 * parses the header and writes it back after a passphrase change. A change old clients must not ignore bumps
 * `version` instead.
 */
export const VaultHeaderSchema = z.looseObject({
  format: z.literal(VAULT_HEADER_FORMAT),
  version: z.literal(VAULT_HEADER_VERSION),
  vaultKeyId: KeyIdSchema,
  kdf: KdfParamsSchema,
  /** The vault key sealed under Argon2id(passphrase); key id "passphrase". */
  passphraseWrap: WrappedKeySchema,
  /** The vault key sealed under the recovery key's BLAKE2b key; key id "recovery". */
  recoveryWrap: WrappedKeySchema,
  createdAt: IsoDateSchema,
  passphraseChangedAt: IsoDateSchema,
  /** The vault key sealed under keys from passkeys' PRF extension, one per passkey (passkey-unlock.ts). */
  passkeyWraps: z
    .array(
      z.object({
        credentialId: z.string().min(1).max(1400).regex(BASE64URL_PATTERN, 'must be base64url'),
        label: z.string().max(100),
        wrap: WrappedKeySchema,
        createdAt: IsoDateSchema,
      }),
    )
    .max(PASSKEY_WRAPS_MAX, `must have at most ${PASSKEY_WRAPS_MAX} passkeys`)
    .optional(),
  /** A vault key rotation started and not finished yet. */
  rotation: VaultRotationSchema.optional(),
  /** Earlier vault keys, each sealed under the current one (revisions, Trash and late writes keep opening). */
  retiredKeys: z
    .array(RetiredKeySchema)
    .max(RETIRED_KEYS_MAX, `must have at most ${RETIRED_KEYS_MAX} retired keys`)
    .optional(),
  keyRotatedAt: IsoDateSchema.optional(),
});
export type VaultHeader = z.infer<typeof VaultHeaderSchema>;

export function formatVaultHeader(header: VaultHeader): string {
  return JSON.stringify(VaultHeaderSchema.parse(header));
}

/** Parses a header from its stored JSON text (or an already parsed object) with a clear error. */
export function parseVaultHeader(input: unknown): VaultHeader {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new VaultError('malformed', 'The vault header is damaged: it is not JSON.');
    }
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    (value as { format?: unknown }).format !== VAULT_HEADER_FORMAT
  )
    throw new VaultError('malformed', 'This is not a Private Notes vault header.');
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version !== VAULT_HEADER_VERSION)
    throw new VaultError(
      'unknown-version',
      `This vault was made by a newer version of Private Notes (vault version ${version}); update the app to open it.`,
    );
  const parsed = VaultHeaderSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VaultError(
      'malformed',
      `The vault header is damaged: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}.`,
    );
  }
  return parsed.data;
}
