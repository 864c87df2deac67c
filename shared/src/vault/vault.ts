// Making, unlocking and re-keying a vault. The hierarchy (docs/decisions/locked-notes-crypto.md):
//   passphrase --Argon2id--> KEK_p --wraps--> vault key --wraps--> note key (one per note) --seals--> fields
//   recovery key --BLAKE2b--> KEK_r --wraps--> the same vault key
// Changing the passphrase re-wraps only the vault key (new salt, new KEK_p); no note is re-encrypted.
import { randomBytes } from '@noble/ciphers/utils.js';
import { toBase64Url } from './bytes.ts';
import { formatEnvelope, KEY_BYTES, parseEnvelope } from './envelope.ts';
import {
  deriveKeyEncryptionKey,
  KDF_ALGORITHM,
  KDF_SALT_BYTES,
  KDF_VERSION,
  type KdfCost,
  type KdfParams,
  normalizePassphrase,
  recommendedKdfCost,
} from './kdf.ts';
import { completeKeyring } from './key-rotation.ts';
import {
  deriveRecoveryKek,
  generateRecoveryKey,
  parseRecoveryKey,
  type RecoveryKeyText,
} from './recovery-key.ts';
import { openBytes, randomKey, sealBytes } from './seal.ts';
import { UnlockedVault, vaultKeyBytes } from './unlocked-vault.ts';
import { VaultError } from './vault-error.ts';
import {
  parseVaultHeader,
  VAULT_HEADER_FORMAT,
  VAULT_HEADER_VERSION,
  type VaultHeader,
} from './vault-header.ts';

export interface VaultOptions {
  /** Argon2id cost; defaults to recommendedKdfCost() (64 MiB, 3 passes). */
  cost?: KdfCost;
  now?: Date;
  /**
   * Runs Argon2id; the default runs it here. The browser passes one that runs it in a worker, so the ~1 s of
   * derivation does not freeze the page. It must compute exactly deriveKeyEncryptionKey.
   */
  deriveKek?: KekDeriver;
}

export type KekDeriver = (passphrase: string, params: KdfParams) => Promise<Uint8Array>;

export const PASSPHRASE_KEY_ID = 'passphrase';
const RECOVERY_KEY_ID = 'recovery';

function newKdfParams(cost: KdfCost): KdfParams {
  return {
    algorithm: KDF_ALGORITHM,
    version: KDF_VERSION,
    ...cost,
    salt: toBase64Url(randomBytes(KDF_SALT_BYTES)),
  };
}

async function wrapWithPassphrase(
  vaultKey: Uint8Array,
  vaultKeyId: string,
  passphrase: string,
  options: VaultOptions,
) {
  const kdf = newKdfParams(options.cost ?? recommendedKdfCost());
  const kek = await (options.deriveKek ?? deriveKeyEncryptionKey)(passphrase, kdf);
  const passphraseWrap = formatEnvelope(
    sealBytes(kek, PASSPHRASE_KEY_ID, vaultKey, ['vault-key', PASSPHRASE_KEY_ID, vaultKeyId]),
  );
  kek.fill(0);
  return { kdf, passphraseWrap };
}

export async function wrapWithNewRecoveryKey(vaultKey: Uint8Array, vaultKeyId: string) {
  const recovery = generateRecoveryKey();
  const kek = await deriveRecoveryKek(recovery.entropy, vaultKeyId);
  const recoveryWrap = formatEnvelope(
    sealBytes(kek, RECOVERY_KEY_ID, vaultKey, ['vault-key', RECOVERY_KEY_ID, vaultKeyId]),
  );
  kek.fill(0);
  recovery.entropy.fill(0);
  return { recoveryWrap, recoveryKey: recovery.text };
}

/** A new vault: a random vault key, wrapped by the passphrase and by a new recovery key shown once. */
export async function createVault(
  passphrase: string,
  options: VaultOptions = {},
): Promise<{ header: VaultHeader; recoveryKey: RecoveryKeyText; vault: UnlockedVault }> {
  normalizePassphrase(passphrase);
  const vaultKey = randomKey();
  const vaultKeyId = toBase64Url(randomBytes(12));
  const now = (options.now ?? new Date()).toISOString();
  const { kdf, passphraseWrap } = await wrapWithPassphrase(vaultKey, vaultKeyId, passphrase, options);
  const { recoveryWrap, recoveryKey } = await wrapWithNewRecoveryKey(vaultKey, vaultKeyId);
  const header = parseVaultHeader({
    format: VAULT_HEADER_FORMAT,
    version: VAULT_HEADER_VERSION,
    vaultKeyId,
    kdf,
    passphraseWrap,
    recoveryWrap,
    createdAt: now,
    passphraseChangedAt: now,
  } satisfies VaultHeader);
  return { header, recoveryKey, vault: new UnlockedVault(vaultKeyId, vaultKey) };
}

export function openVaultKey(
  kek: Uint8Array,
  wrapText: string,
  which: string,
  vaultKeyId: string,
): Uint8Array | null {
  try {
    const key = openBytes(kek, parseEnvelope(wrapText), ['vault-key', which, vaultKeyId]);
    return key.length === KEY_BYTES ? key : null;
  } catch (error) {
    if (error instanceof VaultError && error.code === 'decrypt-failed') return null;
    throw error;
  } finally {
    kek.fill(0);
  }
}

export async function unlockVault(
  headerInput: unknown,
  passphrase: string,
  options: Pick<VaultOptions, 'deriveKek'> = {},
): Promise<UnlockedVault> {
  const header = parseVaultHeader(headerInput);
  const kek = await (options.deriveKek ?? deriveKeyEncryptionKey)(passphrase, header.kdf);
  const key = openVaultKey(kek, header.passphraseWrap, PASSPHRASE_KEY_ID, header.vaultKeyId);
  if (!key) throw new VaultError('wrong-passphrase', 'That passphrase does not unlock this vault.');
  return completeKeyring(header, new UnlockedVault(header.vaultKeyId, key));
}

/** Unlocks with the recovery key: a typo is reported as such (checksum), a valid but wrong key as wrong. */
export async function unlockVaultWithRecoveryKey(
  headerInput: unknown,
  recoveryKey: string,
): Promise<UnlockedVault> {
  const header = parseVaultHeader(headerInput);
  const entropy = parseRecoveryKey(recoveryKey);
  try {
    const kek = await deriveRecoveryKek(entropy, header.vaultKeyId);
    const key = openVaultKey(kek, header.recoveryWrap, RECOVERY_KEY_ID, header.vaultKeyId);
    if (key) return completeKeyring(header, new UnlockedVault(header.vaultKeyId, key));
    // During a key rotation the new recovery key (shown when it started) opens the next vault key.
    const rotation = header.rotation;
    if (rotation) {
      const nextKek = await deriveRecoveryKek(entropy, rotation.vaultKeyId);
      const next = openVaultKey(nextKek, rotation.recoveryWrap, RECOVERY_KEY_ID, rotation.vaultKeyId);
      if (next) return completeKeyring(header, new UnlockedVault(rotation.vaultKeyId, next));
    }
  } finally {
    entropy.fill(0);
  }
  throw new VaultError('wrong-recovery-key', 'That recovery key belongs to another vault.');
}

export function assertNoRotation(header: VaultHeader) {
  if (header.rotation)
    throw new VaultError(
      'rotation-pending',
      'The vault key is being rotated: let the rotation finish first (Settings › Locked notes).',
    );
}

function assertSameVault(header: VaultHeader, vault: UnlockedVault) {
  assertNoRotation(header);
  if (header.vaultKeyId !== vault.vaultKeyId)
    throw new VaultError('wrong-vault', 'The unlocked vault is not the one this header belongs to.');
}

/**
 * A new passphrase (after unlocking with the old one or with the recovery key): a new salt and a re-wrapped
 * vault key. The old passphrase opens only copies of the old header (old backups); the notes are untouched.
 */
export async function changePassphrase(
  headerInput: unknown,
  vault: UnlockedVault,
  newPassphrase: string,
  options: VaultOptions = {},
): Promise<VaultHeader> {
  const header = parseVaultHeader(headerInput);
  assertSameVault(header, vault);
  const { kdf, passphraseWrap } = await wrapWithPassphrase(
    vaultKeyBytes(vault),
    vault.vaultKeyId,
    newPassphrase,
    options,
  );
  return parseVaultHeader({
    ...header,
    kdf,
    passphraseWrap,
    passphraseChangedAt: (options.now ?? new Date()).toISOString(),
  });
}

/** A new recovery key (the old one stops working with this header); shown once to the owner. */
export async function replaceRecoveryKey(
  headerInput: unknown,
  vault: UnlockedVault,
): Promise<{ header: VaultHeader; recoveryKey: RecoveryKeyText }> {
  const header = parseVaultHeader(headerInput);
  assertSameVault(header, vault);
  const { recoveryWrap, recoveryKey } = await wrapWithNewRecoveryKey(vaultKeyBytes(vault), vault.vaultKeyId);
  return { header: parseVaultHeader({ ...header, recoveryWrap }), recoveryKey };
}
