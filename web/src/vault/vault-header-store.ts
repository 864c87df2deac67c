// The vault header: on the server (GET/PUT /api/vault, versioned) and cached in this device's database, so a
// device that is offline can still unlock. The header opens nothing by itself (see vault-header.ts).
import { db } from '../db/db.ts';
import type { NotesDatabase } from '../db/notes-database.ts';

export const VAULT_HEADER_META_KEY = 'vaultHeader';
export const VAULT_API = '/api/vault';

export interface StoredVaultHeader {
  /** The header object as the server keeps it, or null when the owner has no vault. */
  header: unknown;
  /** The server's version of it (0: none); the base of the next PUT. */
  version: number;
}

export async function readCachedHeader(database: NotesDatabase = db): Promise<StoredVaultHeader | null> {
  const row = await database.syncMeta.get(VAULT_HEADER_META_KEY);
  if (!row || typeof row.value !== 'string') return null;
  try {
    return JSON.parse(row.value) as StoredVaultHeader;
  } catch {
    return null;
  }
}

export async function cacheHeader(stored: StoredVaultHeader, database: NotesDatabase = db): Promise<void> {
  await database.syncMeta.put({ key: VAULT_HEADER_META_KEY, value: JSON.stringify(stored) });
}
