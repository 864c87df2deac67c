import { describe, expect, it } from 'vitest';
import { describeFirstSync, describeSyncStatus, INITIAL_SYNC_STATUS } from './sync-status.ts';

describe('describeSyncStatus with conflicts', () => {
  it('names open conflicts beside whatever else it says', () => {
    const status = { ...INITIAL_SYNC_STATUS, kind: 'synced' as const, conflicts: 1 };
    expect(describeSyncStatus(status)).toBe('1 conflict');
    expect(describeSyncStatus({ ...status, conflicts: 3 })).toBe('3 conflicts');
    expect(describeSyncStatus({ ...status, kind: 'pending', pending: 2 })).toBe(
      '2 changes waiting · 1 conflict',
    );
    expect(describeSyncStatus({ ...status, kind: 'offline' })).toBe('Offline · 1 conflict');
    expect(describeSyncStatus({ ...status, conflicts: 0 })).toBe('All changes synced');
  });
});

describe('describeSyncStatus before the engine reports', () => {
  it('says it is checking, not that nothing is waiting', () => {
    expect(describeSyncStatus(INITIAL_SYNC_STATUS)).toBe('Checking for changes...');
    expect(describeSyncStatus({ ...INITIAL_SYNC_STATUS, pending: 1 })).toBe('1 change waiting');
    expect(describeSyncStatus({ ...INITIAL_SYNC_STATUS, uploadsPending: 2 })).toBe('2 files to upload');
  });
});

describe('describeFirstSync', () => {
  it('counts the notes stored against the server total, once it is known', () => {
    expect(describeFirstSync(null)).toBe('Loading your notes…');
    expect(describeFirstSync({ received: 0, total: null })).toBe('Loading your notes…');
    expect(describeFirstSync({ received: 4000, total: 10000 })).toBe('Loading your notes… 4,000 of 10,000');
    expect(describeFirstSync({ received: 10002, total: 10000 })).toBe('Loading your notes… 10,000 of 10,000');
  });
});
