// The background half of a vault key rotation: every sealed store walked until nothing is left under an older
// vault key. Each item is written on its own (one transaction each), so a crash, a reload or a lock loses at most
// the item in hand; the next run scans again and continues where it stopped.
import type { NotesDatabase } from '../db/notes-database.ts';
import { type SealedStore, sealedStores } from './sealed-stores.ts';

export interface ResealProgress {
  done: number;
  total: number;
}

export interface ResealOptions {
  database: NotesDatabase;
  stores?: readonly SealedStore[];
  onProgress?(progress: ResealProgress): void;
  /** Checked before each item: true stops the walk (the vault locked); it resumes at the next run. */
  shouldStop?(): boolean;
}

/** How many items of all stores are sealed, and which are still under another key than `vaultKeyId`. */
async function scanAll(vaultKeyId: string, database: NotesDatabase, stores: readonly SealedStore[]) {
  const scans = await Promise.all(stores.map((store) => store.scan(vaultKeyId, database)));
  return {
    total: scans.reduce((sum, scan) => sum + scan.total, 0),
    work: scans.flatMap((scan, i) => scan.pending.map((id) => ({ store: stores[i]!, id }))),
  };
}

/**
 * Re-seals every item under `vaultKeyId`. Scans again after each pass (an item another device or the editor
 * wrote under the old key meanwhile is caught). Answers true when nothing is left, false when stopped.
 */
export async function resealSealedStores(vaultKeyId: string, options: ResealOptions): Promise<boolean> {
  const stores = options.stores ?? sealedStores;
  for (let pass = 0; pass < 5; pass++) {
    const { total, work } = await scanAll(vaultKeyId, options.database, stores);
    let done = total - work.length;
    options.onProgress?.({ done, total });
    if (work.length === 0) return true;
    for (const { store, id } of work) {
      if (options.shouldStop?.()) return false;
      try {
        await store.reseal(id, vaultKeyId, options.database);
      } catch (error) {
        if (options.shouldStop?.()) return false;
        throw new Error(
          `Could not re-lock one of your ${store.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      done++;
      options.onProgress?.({ done, total });
    }
  }
  const { work } = await scanAll(vaultKeyId, options.database, stores);
  return work.length === 0;
}
