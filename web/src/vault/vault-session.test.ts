import { addPasskeyUnlock, createVault, type VaultHeader } from '@private-notes/shared/vault';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVaultSession, type VaultSessionState } from './vault-session.ts';

const cost = { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 };
const note = { title: 'Diary', content: 'zanzibar-quokka', tags: [] };
let header: VaultHeader;
let recoveryKey: string;
let locked: string;

beforeAll(async () => {
  const made = await createVault('session passphrase', { cost });
  header = made.header;
  recoveryKey = made.recoveryKey;
  locked = made.vault.lockNote('n1', note);
});

describe('vault session', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts locked, unlocks with the passphrase and tells its subscribers', async () => {
    const session = createVaultSession();
    const seen: VaultSessionState[] = [];
    session.subscribe((s) => seen.push(s));
    expect(session.state()).toEqual({ status: 'locked', reason: null });
    expect(session.current()).toBeNull();
    await session.unlock(header, 'session passphrase');
    expect(session.state()).toEqual({ status: 'unlocked', vaultKeyId: header.vaultKeyId });
    expect(session.current()?.openLockedNote('n1', locked).fields).toEqual(note);
    expect(seen).toEqual([{ status: 'unlocked', vaultKeyId: header.vaultKeyId }]);
  });

  it('stays locked after a wrong passphrase, and unlocks with the recovery key', async () => {
    const session = createVaultSession();
    await expect(session.unlock(header, 'wrong')).rejects.toThrow(
      'That passphrase does not unlock this vault.',
    );
    expect(session.state().status).toBe('locked');
    await session.unlockWithRecoveryKey(header, recoveryKey);
    expect(session.state().status).toBe('unlocked');
  });

  it('unlocks with a passkey’s PRF output once the passkey was added', async () => {
    const session = createVaultSession();
    await session.unlock(header, 'session passphrase');
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const withPasskey = await addPasskeyUnlock(header, session.current()!, {
      credentialId: 'cred-1',
      prfOutput: prf,
      label: 'This laptop',
    });
    session.lock('manual');
    await expect(session.unlockWithPasskey(withPasskey, 'cred-2', prf)).rejects.toThrow('use the passphrase');
    await session.unlockWithPasskey(withPasskey, 'cred-1', prf);
    expect(session.current()?.openLockedNote('n1', locked).fields).toEqual(note);
  });

  it('locks after 15 idle minutes by default, and forgets the key', async () => {
    const session = createVaultSession();
    await session.unlock(header, 'session passphrase');
    const vault = session.current()!;
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(session.state().status).toBe('unlocked');
    vi.advanceTimersByTime(1);
    expect(session.state()).toEqual({ status: 'locked', reason: 'idle' });
    expect(session.current()).toBeNull();
    expect(vault.isForgotten).toBe(true);
    expect(() => vault.openLockedNote('n1', locked)).toThrow('The vault is locked');
  });

  it('counts idle time from the last activity', async () => {
    const session = createVaultSession({ autoLockMinutes: 5 });
    await session.unlock(header, 'session passphrase');
    vi.advanceTimersByTime(4 * 60_000);
    session.touch();
    vi.advanceTimersByTime(4 * 60_000);
    expect(session.state().status).toBe('unlocked');
    vi.advanceTimersByTime(60_000);
    expect(session.state()).toEqual({ status: 'locked', reason: 'idle' });
  });

  it('applies a new idle time at once, and refuses one out of range', async () => {
    const session = createVaultSession();
    await session.unlock(header, 'session passphrase');
    vi.advanceTimersByTime(3 * 60_000);
    session.setAutoLockMinutes(2);
    vi.advanceTimersByTime(0);
    expect(session.state()).toEqual({ status: 'locked', reason: 'idle' });
    expect(() => session.setAutoLockMinutes(0)).toThrow(
      'Auto-lock must be a whole number of minutes from 1 to 1440.',
    );
    expect(() => session.setAutoLockMinutes(1.5)).toThrow(RangeError);
    expect(() => createVaultSession({ autoLockMinutes: 1441 })).toThrow(RangeError);
  });

  it('locks on sign-out, also while an unlock is still deriving its key', async () => {
    const session = createVaultSession();
    const unlocking = session.unlock(header, 'session passphrase');
    session.lock('sign-out');
    await unlocking;
    expect(session.state()).toEqual({ status: 'locked', reason: 'sign-out' });
    expect(session.current()).toBeNull();
    await session.unlock(header, 'session passphrase');
    session.lock('manual');
    expect(session.state()).toEqual({ status: 'locked', reason: 'manual' });
  });

  it('runs beforeIdleLock while the keys still work, then locks; an unlock meanwhile is not undone', async () => {
    let sealedBefore = '';
    const session = createVaultSession({
      autoLockMinutes: 1,
      beforeIdleLock: async () => {
        sealedBefore = session.current()!.lockNote('n2', note);
      },
    });
    await session.unlock(header, 'session passphrase');
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(() => expect(session.state()).toEqual({ status: 'locked', reason: 'idle' }));
    expect(sealedBefore.startsWith('pnlocked.1')).toBe(true);
  });

  it('adopts a vault opened elsewhere (set up here) and arms the idle lock', async () => {
    const made = await createVault('adopted passphrase', { cost });
    const session = createVaultSession({ autoLockMinutes: 1 });
    session.adopt(made.vault);
    expect(session.state()).toEqual({ status: 'unlocked', vaultKeyId: made.header.vaultKeyId });
    vi.advanceTimersByTime(60_000);
    expect(session.state()).toEqual({ status: 'locked', reason: 'idle' });
    expect(made.vault.isForgotten).toBe(true);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const session = createVaultSession();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    unsubscribe();
    await session.unlock(header, 'session passphrase');
    expect(listener).not.toHaveBeenCalled();
  });
});
