import { describe, expect, it } from 'vitest';
import { describeSyncStatus, INITIAL_SYNC_STATUS } from './sync-status.ts';

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
