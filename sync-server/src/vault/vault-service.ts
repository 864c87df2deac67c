// The owner's vault header (locked notes): one record per user, opaque to the server (it opens nothing without
// the passphrase, the recovery key or a registered passkey). Changes are versioned: a device sends the version
// it last saw and loses, with 409 and the current header, when another device changed the vault meanwhile.
// The version never goes back, not even through a delete, so a device that still holds an older vault's
// number cannot overwrite a vault made after it. See docs/decisions/locked-notes-server.md.

import {
  lockedNotesRemainMessage,
  VAULT_CHANGED_MESSAGE,
  type VaultState,
} from '@private-notes/shared/vault/vault-api';
import { parseVaultHeader } from '@private-notes/shared/vault/vault-header';
import { HttpError } from '../http/http-error.ts';
import type { ReadView, Store, VaultRecord } from '../storage/index.ts';
import { countLockedNotes } from './locked-note-rules.ts';

function stateOf(record: VaultRecord | undefined): VaultState {
  // No header (never made, or deleted): version 0, which a device creating the first vault sends.
  if (!record || record.header === null) return { header: null, version: 0 };
  return { header: record.header as VaultState['header'], version: record.version };
}

function lookup(view: Pick<ReadView, 'lookup'>, userId: number): VaultRecord | undefined {
  return view.lookup('vaults', 'userId', String(userId));
}

export class VaultService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  get(userId: number): VaultState {
    return stateOf(lookup(this.#store, userId));
  }

  /**
   * Replaces the header when `baseVersion` is the current version (0 when there is none); 409 with the
   * current state otherwise; 400 when the header fails VaultHeaderSchema. Stores `header` exactly as sent.
   */
  async put(userId: number, header: unknown, baseVersion: number): Promise<VaultState> {
    try {
      parseVaultHeader(header);
    } catch (error) {
      throw new HttpError(400, (error as Error).message);
    }
    return this.#store.write((tx) => {
      const record = lookup(tx, userId);
      const current = stateOf(record);
      if (current.version !== baseVersion) throw new HttpError(409, VAULT_CHANGED_MESSAGE, { ...current });
      const updatedAt = new Date().toISOString();
      const next = record
        ? tx.update('vaults', record.id, { header, version: record.version + 1, updatedAt })
        : tx.insert('vaults', { userId, header, version: 1, updatedAt });
      return stateOf(next);
    });
  }

  /**
   * Deletes the header when `version` is the current one and no locked note remains (the Trash counts): 409
   * otherwise. Deleting a vault that is not there is not an error.
   */
  async remove(userId: number, version: number): Promise<void> {
    await this.#store.write((tx) => {
      const record = lookup(tx, userId);
      const current = stateOf(record);
      if (!record || current.header === null) return;
      if (current.version !== version) throw new HttpError(409, VAULT_CHANGED_MESSAGE, { ...current });
      const remaining = countLockedNotes(tx, userId);
      if (remaining > 0) throw new HttpError(409, lockedNotesRemainMessage(remaining));
      tx.update('vaults', record.id, {
        header: null,
        version: record.version + 1,
        updatedAt: new Date().toISOString(),
      });
    });
  }
}
