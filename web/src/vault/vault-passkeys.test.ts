import { describe, expect, it } from 'vitest';
import { HEADER_BUSY_MESSAGE, passkeySummaries, saveHeaderChange } from './vault-passkeys.ts';

const conflict = new Error('conflict');
const isConflict = (error: unknown) => error === conflict;

describe('passkeySummaries', () => {
  it('lists the wraps of a header, and nothing for a header without any or no header', () => {
    const header = {
      vaultKeyId: 'v',
      passkeyWraps: [
        { credentialId: 'abc', label: 'Laptop', wrap: 'x', createdAt: '2026-11-28T00:00:00.000Z' },
        { credentialId: 'def', label: ' ', wrap: 'y', createdAt: '2026-11-28T01:00:00.000Z' },
        { label: 'no id', wrap: 'z' },
      ],
    };
    expect(passkeySummaries(header)).toEqual([
      { credentialId: 'abc', label: 'Laptop', createdAt: '2026-11-28T00:00:00.000Z' },
      { credentialId: 'def', label: 'Passkey', createdAt: '2026-11-28T01:00:00.000Z' },
    ]);
    expect(passkeySummaries({ vaultKeyId: 'v' })).toEqual([]);
    expect(passkeySummaries(null)).toEqual([]);
  });
});

describe('saveHeaderChange', () => {
  it('runs the change once when it succeeds', async () => {
    let runs = 0;
    await saveHeaderChange(async () => {
      runs++;
    }, isConflict);
    expect(runs).toBe(1);
  });

  it('runs it once more after a conflict, and gives up plainly after a second one', async () => {
    let runs = 0;
    await saveHeaderChange(async () => {
      if (++runs === 1) throw conflict;
    }, isConflict);
    expect(runs).toBe(2);

    runs = 0;
    await expect(
      saveHeaderChange(async () => {
        runs++;
        throw conflict;
      }, isConflict),
    ).rejects.toThrow(HEADER_BUSY_MESSAGE);
    expect(runs).toBe(2);
  });

  it('passes any other failure through without retrying', async () => {
    let runs = 0;
    await expect(
      saveHeaderChange(async () => {
        runs++;
        throw new Error('offline');
      }, isConflict),
    ).rejects.toThrow('offline');
    expect(runs).toBe(1);
  });
});
