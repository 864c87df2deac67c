import { describe, expect, it } from 'vitest';
import {
  addPasskeyUnlock,
  passkeyPrfInput,
  removePasskeyUnlock,
  unlockVaultWithPasskey,
} from './passkey-unlock.ts';
import { randomKey } from './seal.ts';
import {
  changePassphrase,
  createVault,
  replaceRecoveryKey,
  unlockVault,
  unlockVaultWithRecoveryKey,
} from './vault.ts';
import { VaultError } from './vault-error.ts';
import { formatVaultHeader } from './vault-header.ts';

const cost = { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 };
const note = { title: 'T', content: 'zanzibar-quokka', tags: ['x'] };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof VaultError) return error.code;
    throw error;
  }
}

describe('passkey (WebAuthn PRF) unlock', () => {
  it('unlocks with the PRF output of a passkey that was added, and reads the notes', async () => {
    const { header, vault } = await createVault('pass', { cost });
    const locked = vault.lockNote('n1', note);
    const prf = randomKey();
    const withPasskey = await addPasskeyUnlock(header, vault, {
      credentialId: 'cred-A',
      prfOutput: prf,
      label: 'Laptop',
    });
    expect(withPasskey.passkeyWraps).toEqual([
      expect.objectContaining({
        credentialId: 'cred-A',
        label: 'Laptop',
        wrap: expect.stringMatching(/^pnenc\.1\.xc20p\.passkey\./),
      }),
    ]);
    const opened = await unlockVaultWithPasskey(formatVaultHeader(withPasskey), 'cred-A', prf);
    expect(opened.openLockedNote('n1', locked).fields).toEqual(note);
    expect(passkeyPrfInput(header.vaultKeyId)).not.toEqual(passkeyPrfInput('another-vault'));
  });

  it('refuses another PRF output, a passkey not set up, a wrap moved to another credential, and a removed one', async () => {
    const { header, vault } = await createVault('pass', { cost });
    const prf = randomKey();
    let h = await addPasskeyUnlock(header, vault, { credentialId: 'cred-A', prfOutput: prf, label: 'A' });
    expect(await codeOf(unlockVaultWithPasskey(h, 'cred-A', randomKey()))).toBe('wrong-passkey');
    expect(await codeOf(unlockVaultWithPasskey(h, 'cred-B', prf))).toBe('unknown-passkey');
    const moved = { ...h, passkeyWraps: h.passkeyWraps!.map((p) => ({ ...p, credentialId: 'cred-B' })) };
    expect(await codeOf(unlockVaultWithPasskey(moved, 'cred-B', prf))).toBe('wrong-passkey');
    expect(await codeOf(unlockVaultWithPasskey(h, 'cred-A', prf.subarray(0, 16)))).toBe('malformed');
    h = removePasskeyUnlock(h, 'cred-A');
    expect(h.passkeyWraps).toEqual([]);
    expect(await codeOf(unlockVaultWithPasskey(h, 'cred-A', prf))).toBe('unknown-passkey');
  });

  it('replaces a passkey added again, survives a passphrase change, and refuses another vault', async () => {
    const { header, vault } = await createVault('pass', { cost });
    const other = await createVault('other', { cost });
    const first = randomKey();
    const second = randomKey();
    let h = await addPasskeyUnlock(header, vault, { credentialId: 'cred-A', prfOutput: first, label: 'A' });
    h = await addPasskeyUnlock(h, vault, { credentialId: 'cred-A', prfOutput: second, label: 'A again' });
    expect(h.passkeyWraps).toHaveLength(1);
    expect(await codeOf(unlockVaultWithPasskey(h, 'cred-A', first))).toBe('wrong-passkey');
    h = await changePassphrase(h, await unlockVault(h, 'pass'), 'new pass', { cost });
    expect((await unlockVaultWithPasskey(h, 'cred-A', second)).vaultKeyId).toBe(header.vaultKeyId);
    expect(
      await codeOf(addPasskeyUnlock(h, other.vault, { credentialId: 'x', prfOutput: first, label: 'x' })),
    ).toBe('wrong-vault');
  });

  it('survives a reset with the recovery key and a new recovery key, and reads the notes after them', async () => {
    const { header, vault, recoveryKey } = await createVault('pass', { cost });
    const locked = vault.lockNote('n1', note);
    const prf = randomKey();
    let h = await addPasskeyUnlock(header, vault, { credentialId: 'cred-A', prfOutput: prf, label: 'A' });
    h = await changePassphrase(h, await unlockVaultWithRecoveryKey(h, recoveryKey), 'forgot it', { cost });
    h = (await replaceRecoveryKey(h, await unlockVault(h, 'forgot it'))).header;
    expect(h.passkeyWraps?.map((p) => p.label)).toEqual(['A']);
    const opened = await unlockVaultWithPasskey(formatVaultHeader(h), 'cred-A', prf);
    expect(opened.openLockedNote('n1', locked).fields).toEqual(note);
  });
});
