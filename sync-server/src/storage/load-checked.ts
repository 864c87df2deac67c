// Start-up's reading of an embedded store's two files, checked: the snapshot and every journal record pass
// their checksums, a torn last record is cut off (and said) before anything is appended, and anything else
// wrong stops the start with a StoreDamagedError naming the file, the offset and the repair command.
import type { Journal, JournalRecord } from './journal.ts';
import { type SnapshotFile, SnapshotInvalid } from './snapshot-file.ts';
import { emptySnapshot, type Snapshot } from './state.ts';
import { StoreDamagedError } from './store-damaged-error.ts';

export const SNAPSHOT_FILE = 'data.json';
export const JOURNAL_FILE = 'data.journal';

export async function loadChecked(
  dir: string,
  snapshotFile: SnapshotFile,
  journal: Journal,
): Promise<{ snapshot: Snapshot; records: JournalRecord[] }> {
  const scan = await journal.scan();
  let snapshot: Snapshot | null;
  try {
    snapshot = await snapshotFile.read();
  } catch (error) {
    if (!(error instanceof SnapshotInvalid)) throw error;
    throw new StoreDamagedError(dir, `${SNAPSHOT_FILE} is damaged: ${error.message}.`);
  }
  if (snapshot === null) {
    if (scan.size > 0)
      throw new StoreDamagedError(
        dir,
        `${SNAPSHOT_FILE} is missing but ${JOURNAL_FILE} holds ${scan.records.length} write(s): starting ` +
          'would keep only the writes since the last snapshot.',
      );
    // A new store: the snapshot exists before any journal record does, so a journal never stands alone.
    snapshot = emptySnapshot();
    await snapshotFile.write(snapshot);
  }
  const first = scan.damage[0];
  if (first)
    throw new StoreDamagedError(
      dir,
      `${JOURNAL_FILE} is damaged at byte ${first.offset} (${first.reason}; ${scan.damage.length} damaged ` +
        'record(s) in all), and intact records follow.',
    );
  if (scan.tornAt !== null) {
    // Never acknowledged (an acknowledged record is fsynced whole): cut off before anything is appended.
    await journal.cutBefore(scan.tornAt);
    console.error(
      `Storage: ${JOURNAL_FILE} ended with a torn record at byte ${scan.tornAt} (${scan.size - scan.tornAt} ` +
        'bytes, a write cut short by a crash or a full disk, never acknowledged); cut it off.',
    );
  }
  return { snapshot, records: scan.records.map((r) => r.record) };
}
