import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './envelope.ts';
import { KDF_DEFAULTS } from './kdf.ts';
import {
  changePassphrase,
  createVault,
  replaceRecoveryKey,
  unlockVault,
  unlockVaultWithRecoveryKey,
} from './vault.ts';
import { VaultError } from './vault-error.ts';
import { formatVaultHeader, parseVaultHeader } from './vault-header.ts';

/** The smallest cost a header may record, so the suite stays fast; the default cost has its own test. */
const cost = { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 };
const note = {
  title: 'Diary, 3 May',
  content: 'The marker word is zanzibar-quokka.',
  tags: ['diary', 'health'],
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof VaultError) return error.code;
    throw error;
  }
}

describe('a new vault', () => {
  it('records the Argon2id parameters, a random salt and the wrapped vault key, and holds no secret in clear', async () => {
    const { header, recoveryKey, vault } = await createVault('correct horse battery staple', { cost });
    expect(header).toMatchObject({
      format: 'private-notes-vault',
      version: 1,
      vaultKeyId: vault.vaultKeyId,
      kdf: { algorithm: 'argon2id', version: 19, ...cost },
    });
    expect(header.kdf.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(parseEnvelope(header.passphraseWrap).keyId).toBe('passphrase');
    expect(parseEnvelope(header.recoveryWrap).keyId).toBe('recovery');
    const text = formatVaultHeader(header);
    expect(text).not.toContain('correct horse');
    expect(text).not.toContain(recoveryKey.replace(/-/g, '').slice(0, 10));
    expect(parseVaultHeader(text)).toEqual(header);
  });

  it('defaults to 64 MiB and 3 passes', async () => {
    const { header } = await createVault('a default cost passphrase');
    expect(header.kdf).toMatchObject({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(KDF_DEFAULTS).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
  });

  it('refuses an empty passphrase', async () => {
    expect(await codeOf(createVault('', { cost }))).toBe('empty-passphrase');
  });
});

describe('unlocking', () => {
  it('opens with the passphrase (also typed in another Unicode form) and reads a note locked before', async () => {
    const { header, vault } = await createVault('Crème brûlée at noon', { cost });
    const locked = vault.lockNote('note-1', note);
    const again = await unlockVault(formatVaultHeader(header), 'Cre\u0300me bru\u0302le\u0301e at noon');
    expect(again.openLockedNote('note-1', locked).fields).toEqual(note);
  });

  it('says the passphrase is wrong, and a changed salt or cost reads as a wrong passphrase too', async () => {
    const { header } = await createVault('the right one', { cost });
    await expect(unlockVault(header, 'the wrong one')).rejects.toThrow(
      'That passphrase does not unlock this vault.',
    );
    expect(await codeOf(unlockVault(header, 'the right one '))).toBe('wrong-passphrase');
    const otherSalt = { ...header, kdf: { ...header.kdf, salt: 'A'.repeat(22) } };
    expect(await codeOf(unlockVault(otherSalt, 'the right one'))).toBe('wrong-passphrase');
    const otherCost = { ...header, kdf: { ...header.kdf, iterations: 2 } };
    expect(await codeOf(unlockVault(otherCost, 'the right one'))).toBe('wrong-passphrase');
  });

  it('refuses a damaged header or one from a newer version by name', async () => {
    const { header } = await createVault('pass phrase', { cost });
    expect(await codeOf(unlockVault('{not json', 'pass phrase'))).toBe('malformed');
    expect(await codeOf(unlockVault({ ...header, version: 2 }, 'pass phrase'))).toBe('unknown-version');
    await expect(
      unlockVault({ ...header, kdf: { ...header.kdf, memoryKiB: 4 * 1024 * 1024 } }, 'x'),
    ).rejects.toThrow('The vault header is damaged: kdf.memoryKiB:');
    expect(await codeOf(unlockVault({ ...header, passphraseWrap: 'plain' }, 'pass phrase'))).toBe(
      'malformed',
    );
  });

  it('opens with the recovery key, calls a typo a typo and another vault’s key wrong', async () => {
    const first = await createVault('first vault', { cost });
    const second = await createVault('second vault', { cost });
    const locked = first.vault.lockNote('note-1', note);
    const recovered = await unlockVaultWithRecoveryKey(first.header, first.recoveryKey.toLowerCase());
    expect(recovered.openLockedNote('note-1', locked).fields).toEqual(note);
    const compact = first.recoveryKey.replace(/-/g, '');
    const typo = compact.slice(0, 7) + (compact[7] === 'A' ? 'B' : 'A') + compact.slice(8);
    expect(await codeOf(unlockVaultWithRecoveryKey(first.header, typo))).toBe('recovery-key-typo');
    await expect(unlockVaultWithRecoveryKey(first.header, second.recoveryKey)).rejects.toThrow(
      'That recovery key belongs to another vault.',
    );
  });
});

describe('changing the passphrase', () => {
  it('re-wraps only the vault key: every note stays readable, the old passphrase stops opening the new header', async () => {
    const { header, recoveryKey, vault } = await createVault('old passphrase', { cost });
    const notes = Array.from({ length: 20 }, (_, i) => ({
      id: `n${i}`,
      text: vault.lockNote(`n${i}`, { ...note, title: `Note ${i}` }),
    }));
    const changed = await changePassphrase(header, vault, 'new passphrase', {
      cost,
      now: new Date('2026-05-01T00:00:00Z'),
    });
    expect(changed.vaultKeyId).toBe(header.vaultKeyId);
    expect(changed.kdf.salt).not.toBe(header.kdf.salt);
    expect(changed.recoveryWrap).toBe(header.recoveryWrap);
    expect(changed.passphraseChangedAt).toBe('2026-05-01T00:00:00.000Z');
    expect(await codeOf(unlockVault(changed, 'old passphrase'))).toBe('wrong-passphrase');
    const reopened = await unlockVault(changed, 'new passphrase');
    for (const [i, n] of notes.entries())
      expect(reopened.openLockedNote(n.id, n.text).fields).toEqual({ ...note, title: `Note ${i}` });
    expect((await unlockVaultWithRecoveryKey(changed, recoveryKey)).vaultKeyId).toBe(header.vaultKeyId);
  });

  it('after unlocking with the recovery key sets a new passphrase (the forgotten-passphrase path)', async () => {
    const { header, recoveryKey, vault } = await createVault('forgotten', { cost });
    const locked = vault.lockNote('n1', note);
    const recovered = await unlockVaultWithRecoveryKey(header, recoveryKey);
    const changed = await changePassphrase(header, recovered, 'remembered', { cost });
    expect((await unlockVault(changed, 'remembered')).openLockedNote('n1', locked).fields).toEqual(note);
  });

  it('refuses to re-wrap a vault into another vault’s header', async () => {
    const a = await createVault('vault a', { cost });
    const b = await createVault('vault b', { cost });
    expect(await codeOf(changePassphrase(a.header, b.vault, 'mixed', { cost }))).toBe('wrong-vault');
  });

  it('replaces the recovery key: the new one opens, the old one no longer does', async () => {
    const { header, recoveryKey, vault } = await createVault('rotate recovery', { cost });
    const replaced = await replaceRecoveryKey(header, vault);
    expect(replaced.recoveryKey).not.toBe(recoveryKey);
    expect(replaced.header.passphraseWrap).toBe(header.passphraseWrap);
    expect((await unlockVaultWithRecoveryKey(replaced.header, replaced.recoveryKey)).vaultKeyId).toBe(
      vault.vaultKeyId,
    );
    expect(await codeOf(unlockVaultWithRecoveryKey(replaced.header, recoveryKey))).toBe('wrong-recovery-key');
  });

  it('a passphrase wrap copied from another vault does not open this one', async () => {
    const a = await createVault('same passphrase', { cost });
    const b = await createVault('same passphrase', { cost });
    const spliced = { ...a.header, kdf: b.header.kdf, passphraseWrap: b.header.passphraseWrap };
    // b's salt and wrap give b's key-encryption key, but the wrap's associated data names b's vault id.
    expect(await codeOf(unlockVault(spliced, 'same passphrase'))).toBe('wrong-passphrase');
  });
});

describe('the header across versions', () => {
  it('keeps fields a later version added when an older client changes the passphrase', async () => {
    const { header, vault } = await createVault('loose header', { cost });
    const later = { ...header, deviceWraps: [{ deviceId: 'abc', wrap: 'pnenc.1.xc20p.dev.x.y' }] };
    const changed = await changePassphrase(formatVaultHeader(parseVaultHeader(later)), vault, 'new one', {
      cost,
    });
    expect(changed).toMatchObject({ deviceWraps: later.deviceWraps });
  });
});

describe('deriving the key elsewhere (a worker)', () => {
  it('uses the deriver it is given for creating, unlocking and changing, and gets the same keys', async () => {
    const { deriveKeyEncryptionKey } = await import('./kdf.ts');
    const calls: number[] = [];
    const deriveKek = async (passphrase: string, params: Parameters<typeof deriveKeyEncryptionKey>[1]) => {
      calls.push(params.memoryKiB);
      return deriveKeyEncryptionKey(passphrase, params);
    };
    const { header, vault } = await createVault('worker', { cost, deriveKek });
    const locked = vault.lockNote('n', note);
    expect((await unlockVault(header, 'worker', { deriveKek })).openLockedNote('n', locked).fields).toEqual(
      note,
    );
    const changed = await changePassphrase(header, vault, 'worker 2', { cost, deriveKek });
    expect((await unlockVault(changed, 'worker 2')).vaultKeyId).toBe(header.vaultKeyId);
    expect(calls).toEqual([8192, 8192, 8192]);
  });
});
