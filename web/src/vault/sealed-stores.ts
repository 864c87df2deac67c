// Everything on this device sealed under the vault key, as a list a vault key rotation walks
// (rotate-sealed-stores.ts). Each store finds its items still under another vault key and re-seals one item at a
// time under the unlocked vault's primary key, through its own normal write path (so the outbox syncs it).
// To add a store (locked cards, attachments, ...): implement SealedStore and append it to `sealedStores`.
import type { NotesDatabase } from '../db/notes-database.ts';
import { resealLockedNote, vaultKeyIdOfRow } from '../db/reseal-locked-note.ts';

export interface SealedStore {
  /** For errors: "notes", "cards", ... */
  name: string;
  /** The ids of sealed items under a vault key other than `vaultKeyId`, and how many sealed items there are. */
  scan(vaultKeyId: string, database: NotesDatabase): Promise<{ pending: string[]; total: number }>;
  /**
   * Re-seals one item under `vaultKeyId` (new item keys) and queues it for sync. Must leave an item that is
   * gone or already under `vaultKeyId` alone, so an interrupted rotation simply runs again.
   */
  reseal(id: string, vaultKeyId: string, database: NotesDatabase): Promise<void>;
}

/**
 * Locked notes, live ones (a delete waiting to be pushed is left: it leaves the device). The Trash and History
 * copies are the server's and are not rewritten: they open through the retired key (locked-notes-rotation.md).
 */
export const lockedNotesStore: SealedStore = {
  name: 'notes',
  async scan(vaultKeyId, database) {
    const pending: string[] = [];
    let total = 0;
    await database.notes.each((row) => {
      if (row.deleted) return;
      const keyId = vaultKeyIdOfRow(row);
      if (keyId === null) return;
      total++;
      if (keyId !== vaultKeyId) pending.push(row.id);
    });
    return { pending, total };
  },
  async reseal(id, vaultKeyId, database) {
    await resealLockedNote(id, vaultKeyId, database);
  },
};

export const sealedStores: SealedStore[] = [lockedNotesStore];
