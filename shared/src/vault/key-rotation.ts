// Vault key rotation (issue 34 point 5; docs/decisions/locked-notes-rotation.md). Three steps, each a header the
// server stores, so a crash between any two leaves a state the next unlock continues from:
//   1. startKeyRotation: a new vault key K2, wrapped for the same passphrase and a new recovery key, and linked
//      both ways with the current key K1 (`rotation` in the header). Any unlock now opens K1 and K2.
//   2. the app re-seals every sealed item under K2 with new note keys (UnlockedVault.resealLockedNote).
//   3. finishKeyRotation: K2 becomes the vault key; K1 (and older keys) stay only sealed under K2 in
//      `retiredKeys`, so history, Trash copies and a late write of another device still open, while the old
//      header and passphrase no longer open anything written from now on. Passkey wraps (of K1) are dropped.
import { randomBytes } from '@noble/ciphers/utils.js';
import { toBase64Url } from './bytes.ts';
import { formatEnvelope, KEY_BYTES, parseEnvelope } from './envelope.ts';
import { deriveKeyEncryptionKey } from './kdf.ts';
import { parseLockedNote } from './locked-note.ts';
import type { RecoveryKeyText } from './recovery-key.ts';
import { openBytes, randomKey, sealBytes } from './seal.ts';
import { UnlockedVault, vaultKeyById } from './unlocked-vault.ts';
import { assertNoRotation, openVaultKey, type VaultOptions, wrapWithNewRecoveryKey } from './vault.ts';
import { DECRYPT_FAILED_MESSAGE, VaultError } from './vault-error.ts';
import { parseVaultHeader, type VaultHeader } from './vault-header.ts';

const NEXT = 'next';
const PREVIOUS = 'previous';
const RETIRED = 'retired';
const PASSPHRASE = 'passphrase';

function wrapKey(wrapping: Uint8Array, wrappingId: string, key: Uint8Array, purpose: string, keyId: string) {
  return formatEnvelope(sealBytes(wrapping, wrappingId, key, ['vault-key', purpose, keyId]));
}

function unwrapKey(wrapping: Uint8Array, text: string, purpose: string, keyId: string): Uint8Array {
  const key = openBytes(wrapping, parseEnvelope(text), ['vault-key', purpose, keyId]);
  if (key.length !== KEY_BYTES) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
  return key;
}

function damaged(): VaultError {
  return new VaultError(
    'malformed',
    'The vault header is damaged: its key rotation or earlier keys do not open with this vault key.',
  );
}

/**
 * A vault holding every key the header reaches from the key(s) `vault` holds: during a rotation both the current
 * and the next key (the next one primary: new notes are sealed under it), and the retired keys of earlier
 * rotations. The bytes are copied: the caller may forget `vault`.
 */
export function openHeaderKeys(headerInput: unknown, vault: UnlockedVault): UnlockedVault {
  const header = parseVaultHeader(headerInput);
  const keys = new Map<string, Uint8Array>();
  for (const id of vault.keyIds()) keys.set(id, Uint8Array.from(vaultKeyById(vault, id)!));
  try {
    const rotation = header.rotation;
    if (rotation) {
      const current = keys.get(header.vaultKeyId);
      if (current && !keys.has(rotation.vaultKeyId))
        keys.set(rotation.vaultKeyId, unwrapKey(current, rotation.nextKeyWrap, NEXT, rotation.vaultKeyId));
      const next = keys.get(rotation.vaultKeyId);
      if (next && !keys.has(header.vaultKeyId))
        keys.set(header.vaultKeyId, unwrapKey(next, rotation.previousKeyWrap, PREVIOUS, header.vaultKeyId));
    }
    const current = keys.get(header.vaultKeyId);
    if (!current)
      throw new VaultError('wrong-vault', 'The unlocked vault is not the one this header belongs to.');
    for (const retired of header.retiredKeys ?? [])
      if (!keys.has(retired.vaultKeyId))
        keys.set(retired.vaultKeyId, unwrapKey(current, retired.wrap, RETIRED, retired.vaultKeyId));
    const primaryId = rotation ? rotation.vaultKeyId : header.vaultKeyId;
    return new UnlockedVault(primaryId, keys.get(primaryId)!, keys);
  } catch (error) {
    for (const key of keys.values()) key.fill(0);
    if (error instanceof VaultError && error.code === 'decrypt-failed') throw damaged();
    throw error;
  }
}

/** A vault just opened by one wrap, completed with the header's other keys (itself when there are none). */
export function completeKeyring(header: VaultHeader, vault: UnlockedVault): UnlockedVault {
  if (!header.rotation && !header.retiredKeys?.length) return vault;
  try {
    return openHeaderKeys(header, vault);
  } finally {
    vault.forget();
  }
}

/**
 * Starts a rotation: asks for the passphrase again (it wraps the next key, so it stays the passphrase), makes
 * the next vault key and a new recovery key (shown once; the old one works until the rotation finishes).
 */
export async function startKeyRotation(
  headerInput: unknown,
  vault: UnlockedVault,
  passphrase: string,
  options: VaultOptions = {},
): Promise<{ header: VaultHeader; recoveryKey: RecoveryKeyText; vault: UnlockedVault }> {
  const header = parseVaultHeader(headerInput);
  assertNoRotation(header);
  const current = vault.holdsKey(header.vaultKeyId) ? vaultKeyById(vault, header.vaultKeyId) : null;
  if (!current)
    throw new VaultError('wrong-vault', 'The unlocked vault is not the one this header belongs to.');
  const kek = await (options.deriveKek ?? deriveKeyEncryptionKey)(passphrase, header.kdf);
  const check = openVaultKey(Uint8Array.from(kek), header.passphraseWrap, PASSPHRASE, header.vaultKeyId);
  if (!check) {
    kek.fill(0);
    throw new VaultError('wrong-passphrase', 'That passphrase does not unlock this vault.');
  }
  check.fill(0);
  const next = randomKey();
  const nextId = toBase64Url(randomBytes(12));
  const passphraseWrap = wrapKey(kek, PASSPHRASE, next, PASSPHRASE, nextId);
  kek.fill(0);
  const { recoveryWrap, recoveryKey } = await wrapWithNewRecoveryKey(next, nextId);
  const rotated = parseVaultHeader({
    ...header,
    rotation: {
      vaultKeyId: nextId,
      passphraseWrap,
      recoveryWrap,
      nextKeyWrap: wrapKey(current, header.vaultKeyId, next, NEXT, nextId),
      previousKeyWrap: wrapKey(next, nextId, current, PREVIOUS, header.vaultKeyId),
      startedAt: (options.now ?? new Date()).toISOString(),
    },
  });
  next.fill(0);
  return { header: rotated, recoveryKey, vault: openHeaderKeys(rotated, vault) };
}

/**
 * The header once every item is re-sealed: the next key is the vault key, the passphrase and new recovery key
 * open it, every older key is kept sealed under it, and passkey wraps are dropped (they wrapped the old key and
 * their PRF input names the old key id: passkeys must be added again).
 */
export function finishKeyRotation(headerInput: unknown, vault: UnlockedVault, now = new Date()): VaultHeader {
  const header = parseVaultHeader(headerInput);
  const rotation = header.rotation;
  if (!rotation) throw new VaultError('no-rotation', 'No vault key rotation is under way.');
  if (vault.vaultKeyId !== rotation.vaultKeyId || !vault.holdsKey(header.vaultKeyId))
    throw new VaultError('wrong-vault', 'The unlocked vault is not the one this header belongs to.');
  const next = vaultKeyById(vault, rotation.vaultKeyId)!;
  const retiredKeys = vault
    .keyIds()
    .filter((id) => id !== rotation.vaultKeyId)
    .map((id) => ({
      vaultKeyId: id,
      wrap: wrapKey(next, rotation.vaultKeyId, vaultKeyById(vault, id)!, RETIRED, id),
    }));
  const { rotation: _rotation, passkeyWraps: _passkeys, ...rest } = header;
  return parseVaultHeader({
    ...rest,
    vaultKeyId: rotation.vaultKeyId,
    passphraseWrap: rotation.passphraseWrap,
    recoveryWrap: rotation.recoveryWrap,
    retiredKeys,
    keyRotatedAt: now.toISOString(),
  });
}

/** The id of the vault key a locked note's key is wrapped under (which rotation step it is at). */
export function lockedNoteVaultKeyId(text: string): string {
  return parseLockedNote(text).noteKey.keyId;
}
