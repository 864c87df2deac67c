// Unlocking with a passkey through WebAuthn's PRF extension: the authenticator returns 32 secret bytes for a
// fixed input; a keyed BLAKE2b of them is one more key-encryption key wrapping the same vault key, stored per
// passkey in the header. The WebAuthn ceremony itself (navigator.credentials.get with `extensions.prf`) belongs
// to the app; this module only turns its PRF output into a wrap and back.
import { createBLAKE2b } from 'hash-wasm';
import { utf8 } from './bytes.ts';
import { formatEnvelope, KEY_BYTES, parseEnvelope } from './envelope.ts';
import { completeKeyring } from './key-rotation.ts';
import { openBytes, sealBytes } from './seal.ts';
import { UnlockedVault, vaultKeyBytes } from './unlocked-vault.ts';
import { assertNoRotation } from './vault.ts';
import { DECRYPT_FAILED_MESSAGE, VaultError } from './vault-error.ts';
import { PASSKEY_WRAPS_MAX, parseVaultHeader, type VaultHeader } from './vault-header.ts';

const PASSKEY_KEY_ID = 'passkey';
export const PRF_OUTPUT_MIN_BYTES = 32;

/** The PRF input to ask the authenticator to evaluate (`extensions.prf.eval.first`) for this vault. */
export function passkeyPrfInput(vaultKeyId: string): Uint8Array {
  return utf8(`private-notes/vault\0passkey-prf\0${vaultKeyId}`);
}

async function passkeyKek(
  prfOutput: Uint8Array,
  vaultKeyId: string,
  credentialId: string,
): Promise<Uint8Array> {
  if (prfOutput.length < PRF_OUTPUT_MIN_BYTES)
    throw new VaultError(
      'malformed',
      `A passkey's PRF output must be at least ${PRF_OUTPUT_MIN_BYTES} bytes.`,
    );
  const hasher = await createBLAKE2b(KEY_BYTES * 8, prfOutput.subarray(0, 64));
  hasher.update(utf8(`private-notes/vault\0passkey-kek\0${vaultKeyId}\0${credentialId}`));
  return hasher.digest('binary');
}

/** Adds (or replaces) a passkey's wrap of the vault key; the vault must be unlocked. */
export async function addPasskeyUnlock(
  headerInput: unknown,
  vault: UnlockedVault,
  passkey: { credentialId: string; prfOutput: Uint8Array; label: string; now?: Date },
): Promise<VaultHeader> {
  const header = parseVaultHeader(headerInput);
  assertNoRotation(header);
  if (header.vaultKeyId !== vault.vaultKeyId)
    throw new VaultError('wrong-vault', 'The unlocked vault is not the one this header belongs to.');
  const others = (header.passkeyWraps ?? []).filter((p) => p.credentialId !== passkey.credentialId);
  if (others.length >= PASSKEY_WRAPS_MAX)
    throw new VaultError('malformed', `A vault can be unlocked by at most ${PASSKEY_WRAPS_MAX} passkeys.`);
  const kek = await passkeyKek(passkey.prfOutput, vault.vaultKeyId, passkey.credentialId);
  const wrap = formatEnvelope(
    sealBytes(kek, PASSKEY_KEY_ID, vaultKeyBytes(vault), [
      'vault-key',
      PASSKEY_KEY_ID,
      vault.vaultKeyId,
      passkey.credentialId,
    ]),
  );
  kek.fill(0);
  const entry = {
    credentialId: passkey.credentialId,
    label: passkey.label,
    wrap,
    createdAt: (passkey.now ?? new Date()).toISOString(),
  };
  return parseVaultHeader({ ...header, passkeyWraps: [...others, entry] });
}

/** Removes a passkey's wrap: that passkey no longer unlocks this header. */
export function removePasskeyUnlock(headerInput: unknown, credentialId: string): VaultHeader {
  const header = parseVaultHeader(headerInput);
  return parseVaultHeader({
    ...header,
    passkeyWraps: (header.passkeyWraps ?? []).filter((p) => p.credentialId !== credentialId),
  });
}

export async function unlockVaultWithPasskey(
  headerInput: unknown,
  credentialId: string,
  prfOutput: Uint8Array,
): Promise<UnlockedVault> {
  const header = parseVaultHeader(headerInput);
  const entry = header.passkeyWraps?.find((p) => p.credentialId === credentialId);
  if (!entry)
    throw new VaultError(
      'unknown-passkey',
      'This passkey has not been set up to unlock the vault; use the passphrase.',
    );
  const kek = await passkeyKek(prfOutput, header.vaultKeyId, credentialId);
  try {
    const key = openBytes(kek, parseEnvelope(entry.wrap), [
      'vault-key',
      PASSKEY_KEY_ID,
      header.vaultKeyId,
      credentialId,
    ]);
    if (key.length !== KEY_BYTES) throw new VaultError('decrypt-failed', DECRYPT_FAILED_MESSAGE);
    return completeKeyring(header, new UnlockedVault(header.vaultKeyId, key));
  } catch (error) {
    if (error instanceof VaultError && error.code === 'decrypt-failed')
      throw new VaultError('wrong-passkey', 'This passkey did not unlock the vault; use the passphrase.');
    throw error;
  } finally {
    kek.fill(0);
  }
}
