import { describe, expect, it } from 'vitest';
import { finishKeyRotation, lockedNoteVaultKeyId, openHeaderKeys, startKeyRotation } from './key-rotation.ts';
import { addPasskeyUnlock, unlockVaultWithPasskey } from './passkey-unlock.ts';
import { changePassphrase, createVault, unlockVault, unlockVaultWithRecoveryKey } from './vault.ts';
import { VaultError } from './vault-error.ts';
import { parseVaultHeader } from './vault-header.ts';

const cost = { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 };
const PASS = 'correct horse battery staple';
const fields = (n: number) => ({ title: `Note ${n}`, content: `secret ${n}`, tags: ['t'] });

async function codeOf(run: () => unknown): Promise<string> {
  try {
    await run();
    return 'accepted';
  } catch (error) {
    if (error instanceof VaultError) return error.code;
    throw error;
  }
}

async function vaultWithNotes() {
  const made = await createVault(PASS, { cost });
  const notes = ['a', 'b', 'c'].map((id, i) => ({ id, text: made.vault.lockNote(id, fields(i)) }));
  return { ...made, notes };
}

describe('vault key rotation', () => {
  it('while pending, every unlock opens notes under the old and the new key; new notes go under the new key', async () => {
    const { header, recoveryKey: oldRecovery, vault, notes } = await vaultWithNotes();
    const started = await startKeyRotation(header, vault, PASS, { cost });
    const pending = started.header;
    expect(pending.vaultKeyId).toBe(header.vaultKeyId);
    expect(pending.rotation?.vaultKeyId).not.toBe(header.vaultKeyId);
    expect(started.vault.vaultKeyId).toBe(pending.rotation?.vaultKeyId);
    const resealed = started.vault.resealLockedNote('a', notes[0]!.text);
    expect(lockedNoteVaultKeyId(resealed)).toBe(pending.rotation?.vaultKeyId);
    // A new note key, every field re-encrypted: nothing of the old text is kept.
    expect(resealed.split('\n').slice(2)).not.toEqual(notes[0]!.text.split('\n').slice(2));
    for (const unlock of [
      () => unlockVault(pending, PASS),
      () => unlockVaultWithRecoveryKey(pending, oldRecovery),
      () => unlockVaultWithRecoveryKey(pending, started.recoveryKey),
    ]) {
      const opened = await unlock();
      expect(opened.vaultKeyId).toBe(pending.rotation?.vaultKeyId);
      expect(opened.openLockedNote('a', resealed).fields).toEqual(fields(0));
      expect(opened.openLockedNote('b', notes[1]!.text).fields).toEqual(fields(1));
      expect(lockedNoteVaultKeyId(opened.lockNote('d', fields(9)))).toBe(pending.rotation?.vaultKeyId);
    }
    // A device that unlocked before the rotation started reaches the new key from the header it fetches.
    const before = await unlockVault(header, PASS);
    expect(openHeaderKeys(pending, before).openLockedNote('a', resealed).fields).toEqual(fields(0));
  });

  it('finishes: the passphrase stays, the new recovery key replaces the old, older keys still open late writes', async () => {
    const { header, recoveryKey: oldRecovery, vault, notes } = await vaultWithNotes();
    const started = await startKeyRotation(header, vault, PASS, { cost });
    const resealed = notes.map((n) => ({ id: n.id, text: started.vault.resealLockedNote(n.id, n.text) }));
    const done = finishKeyRotation(started.header, started.vault);
    expect(done.vaultKeyId).toBe(started.header.rotation?.vaultKeyId);
    expect(done.rotation).toBeUndefined();
    expect(done.retiredKeys?.map((k) => k.vaultKeyId)).toEqual([header.vaultKeyId]);
    const byPassphrase = await unlockVault(done, PASS);
    for (const [i, n] of resealed.entries())
      expect(byPassphrase.openLockedNote(n.id, n.text).fields).toEqual(fields(i));
    // Another device's late write under the old key still opens (and a later sweep re-seals it).
    expect(byPassphrase.openLockedNote('b', notes[1]!.text).fields).toEqual(fields(1));
    expect(await codeOf(() => unlockVaultWithRecoveryKey(done, oldRecovery))).toBe('wrong-recovery-key');
    const byRecovery = await unlockVaultWithRecoveryKey(done, started.recoveryKey);
    expect(byRecovery.openLockedNote('a', resealed[0]!.text).fields).toEqual(fields(0));
    // The old header and passphrase (an old backup) open no re-sealed note.
    const old = await unlockVault(header, PASS);
    expect(await codeOf(() => old.openLockedNote('a', resealed[0]!.text))).toBe('wrong-vault');
  });

  it('chains: after a second rotation the first key still opens through the retired keys', async () => {
    const { header, vault, notes } = await vaultWithNotes();
    const first = await startKeyRotation(header, vault, PASS, { cost });
    const done1 = finishKeyRotation(first.header, first.vault);
    const second = await startKeyRotation(done1, await unlockVault(done1, PASS), PASS, { cost });
    const done2 = finishKeyRotation(second.header, second.vault);
    expect(done2.retiredKeys).toHaveLength(2);
    const opened = await unlockVault(done2, PASS);
    expect(opened.openLockedNote('c', notes[2]!.text).fields).toEqual(fields(2));
    expect(parseVaultHeader(JSON.parse(JSON.stringify(done2)))).toEqual(done2);
  });

  it('asks for the right passphrase, refuses a second start, a passphrase change and a passkey during it', async () => {
    const { header, vault } = await vaultWithNotes();
    expect(await codeOf(() => startKeyRotation(header, vault, 'wrong passphrase here', { cost }))).toBe(
      'wrong-passphrase',
    );
    const started = await startKeyRotation(header, vault, PASS, { cost });
    expect(await codeOf(() => startKeyRotation(started.header, started.vault, PASS, { cost }))).toBe(
      'rotation-pending',
    );
    expect(
      await codeOf(() => changePassphrase(started.header, started.vault, 'another long passphrase')),
    ).toBe('rotation-pending');
    const prf = { credentialId: 'cred1', prfOutput: new Uint8Array(32).fill(7), label: 'Key' };
    expect(await codeOf(() => addPasskeyUnlock(started.header, started.vault, prf))).toBe('rotation-pending');
    expect(await codeOf(() => finishKeyRotation(header, vault))).toBe('no-rotation');
    // Finishing needs the next key: a vault that holds only the old one cannot.
    expect(await codeOf(() => finishKeyRotation(started.header, vault))).toBe('wrong-vault');
  });

  it('drops passkey wraps when it finishes; a passkey opens the old key while pending', async () => {
    const { header, vault, notes } = await vaultWithNotes();
    const prf = { credentialId: 'cred1', prfOutput: new Uint8Array(32).fill(7), label: 'Key' };
    const withPasskey = await addPasskeyUnlock(header, vault, prf);
    const started = await startKeyRotation(withPasskey, vault, PASS, { cost });
    const byPasskey = await unlockVaultWithPasskey(started.header, 'cred1', prf.prfOutput);
    const resealed = started.vault.resealLockedNote('a', notes[0]!.text);
    expect(byPasskey.openLockedNote('a', resealed).fields).toEqual(fields(0));
    const done = finishKeyRotation(started.header, started.vault);
    expect(done.passkeyWraps).toBeUndefined();
    expect(await codeOf(() => unlockVaultWithPasskey(done, 'cred1', prf.prfOutput))).toBe('unknown-passkey');
  });

  it('refuses a header whose rotation was tampered with', async () => {
    const { header, vault } = await vaultWithNotes();
    const started = await startKeyRotation(header, vault, PASS, { cost });
    const other = await startKeyRotation(header, vault, PASS, { cost });
    const mixed = {
      ...started.header,
      rotation: { ...started.header.rotation!, nextKeyWrap: other.header.rotation!.nextKeyWrap },
    };
    expect(await codeOf(() => unlockVault(mixed, PASS))).toBe('malformed');
  });
});
