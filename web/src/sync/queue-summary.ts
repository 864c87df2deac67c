// What the sync engine needs to know about a queue (the notes outbox, the file upload queue): how many entries
// wait, the newest entry's seq (seqs only grow, so a higher one means a new change) and the refused entries,
// read through the `error` index, which holds only those (IndexedDB leaves a null out of an index). Never the
// whole queue: an import of 10,000 notes queues 10,000 entries, and the summary is read after every write to it.
import type { EntityTable } from 'dexie';
import type { NotesDatabase } from '../db/notes-database.ts';

interface QueueEntry {
  seq?: number;
  error: string | null;
}

export interface QueueSummary<T extends QueueEntry> {
  count: number;
  lastSeq: number | null;
  /** The entries the server refused (error set), in seq order. */
  refused: T[];
}

export const EMPTY_QUEUE = {
  count: 0,
  lastSeq: null,
  refused: [],
} as const satisfies QueueSummary<QueueEntry>;

/** One read-only transaction, so the count and the refused entries describe the same moment. */
export function readQueueSummary<T extends QueueEntry>(
  db: NotesDatabase,
  table: EntityTable<T, 'seq'>,
): Promise<QueueSummary<T>> {
  return db.transaction('r', table, async () => {
    const [count, lastSeq, refused] = await Promise.all([
      table.count(),
      table.toCollection().lastKey(),
      table.orderBy('error').sortBy('seq'),
    ]);
    return { count, lastSeq: typeof lastSeq === 'number' ? lastSeq : null, refused };
  });
}

/** Entries that can be sent now (not waiting on the owner after a refusal). */
export function readyCount(summary: QueueSummary<QueueEntry>): number {
  return summary.count - summary.refused.length;
}

/** Equal for two summaries of an unchanged queue; a rev bump of an entry alone leaves it unchanged. */
export function queueSignature(summary: QueueSummary<QueueEntry>): string {
  return `${summary.count}|${summary.lastSeq}|${summary.refused.map((entry) => `${entry.seq}:${entry.error}`).join(',')}`;
}
