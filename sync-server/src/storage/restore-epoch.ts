// The restore epoch: a name for the store's current line of history. It changes whenever the data goes
// back in time (a backup restored, a repair that lost writes), so a device that synced with the old line
// can tell, instead of trusting a cursor the server no longer knows. The changes feed carries it
// (`restoreEpoch`, and the X-Restore-Epoch header). See docs/decisions/restore-epoch.md.
import { randomUUID } from 'node:crypto';
import type { ReadView } from './read-view.ts';
import type { Snapshot } from './state.ts';

export const RESTORE_EPOCH_META = 'store.restoreEpoch';
/** The epoch of a store never restored. */
export const ORIGINAL_EPOCH = 'original';

export interface RestoreEpoch {
  epoch: string;
  /** When the data went back in time, and why. */
  at: string;
  reason: 'restore' | 'repair';
  /** For a restore: when the backup was taken. */
  backupCreatedAt: string | null;
}

export function restoreEpochOf(view: Pick<ReadView, 'getMeta'>): string {
  return view.getMeta<RestoreEpoch>(RESTORE_EPOCH_META)?.epoch ?? ORIGINAL_EPOCH;
}

/** Marks a snapshot as a new line of history (before it is written into the restored folder). */
export function startNewEpoch(
  snapshot: Snapshot,
  reason: RestoreEpoch['reason'],
  backupCreatedAt: string | null = null,
  now = new Date(),
): RestoreEpoch {
  const epoch: RestoreEpoch = { epoch: randomUUID(), at: now.toISOString(), reason, backupCreatedAt };
  snapshot.meta = { ...snapshot.meta, [RESTORE_EPOCH_META]: epoch };
  return epoch;
}
