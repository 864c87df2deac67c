// What `npm run store:check` says about locked notes: how many there are, and whether the vault header that
// opens them is there and well formed. Locked notes without their header cannot be opened by anyone, so a
// missing or damaged header is named (with the way back: a backup) even though the server starts.
import { parseVaultHeader } from '@private-notes/shared/vault/vault-header';
import type { ReadView } from '../storage/read-view.ts';
import { countLockedNotes } from './locked-note-rules.ts';

export function describeVaults(view: ReadView): string[] {
  const lines: string[] = [];
  const users = new Set<number>();
  for (const note of view.values('notes')) users.add(note.userId);
  for (const tombstone of view.values('noteTombstones')) users.add(tombstone.userId);
  for (const vault of view.values('vaults')) users.add(vault.userId);
  for (const userId of [...users].sort((a, b) => a - b)) {
    const locked = countLockedNotes(view, userId);
    const vault = view.lookup('vaults', 'userId', String(userId));
    if (!vault || vault.header === null) {
      if (locked > 0)
        lines.push(
          `locked notes of user #${userId}: ${locked}, but NO vault header: they cannot be opened. ` +
            'Restore the vault header from a backup (npm run restore into a new folder, then copy it over).',
        );
      continue;
    }
    try {
      parseVaultHeader(vault.header);
      lines.push(
        `locked notes of user #${userId}: ${locked}; vault header version ${vault.version}: well formed.`,
      );
    } catch (error) {
      lines.push(
        `locked notes of user #${userId}: ${locked}; vault header version ${vault.version}: DAMAGED ` +
          `(${(error as Error).message}) Restore it from a backup.`,
      );
    }
  }
  return lines;
}
