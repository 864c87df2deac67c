// Locked notes coming in (issue 34). A file of this product's locked export holds a locked note's text as
// stored: it comes back only into the vault whose key wraps it (checked by key id at the preview, before
// anything is written: a file of another vault, or no vault here, refuses the whole import), and is opened at
// the write under the id it was exported with, then sealed again under the new note's id (the id is bound into
// the note key's associated data). "Import as locked notes" seals every other note too; in both cases the plain
// text exists only in memory, sealed before the transaction that writes the batch to the database and outbox.
import {
  checkLockedNoteFile,
  isLockedNoteFile,
  LOCKED_NOTE_FILE_TITLE,
} from '@private-notes/shared/interchange/locked-note-file';
import { canOpenLockedNotes, openFields } from '../../db/locked-note-codec.ts';
import type { NotesDatabase } from '../../db/notes-database.ts';
import { readCachedHeader } from '../../vault/vault-header-store.ts';
import type { ImportCandidate, ImportScan } from './import-types.ts';

/** The whole import is refused: nothing is written. */
export class ImportRefusedError extends Error {}

/** The id of this device's vault key, from the cached header (null: no vault set up here). */
/**
 * Every vault key id this device's vault header reaches: the current key first, then a pending rotation's next
 * key and the retired ones (an export made before a vault key rotation still belongs to this vault).
 */
export async function vaultKeyIdsOf(database: NotesDatabase): Promise<string[]> {
  const stored = await readCachedHeader(database).catch(() => null);
  const header = stored?.header as
    | {
        vaultKeyId?: unknown;
        rotation?: { vaultKeyId?: unknown };
        retiredKeys?: Array<{ vaultKeyId?: unknown }>;
      }
    | null
    | undefined;
  if (typeof header?.vaultKeyId !== 'string') return [];
  const ids = [header.vaultKeyId, header.rotation?.vaultKeyId];
  for (const retired of Array.isArray(header.retiredKeys) ? header.retiredKeys : [])
    ids.push(retired?.vaultKeyId);
  return ids.filter((id): id is string => typeof id === 'string');
}

/**
 * Marks the locked files among the candidates (`candidate.locked`), after checking each against this vault;
 * a damaged one becomes a problem line. Throws ImportRefusedError when any belongs to another vault (or none).
 */
export function prepareLockedFiles(scan: ImportScan, vaultKeyIds: string | null | readonly string[]): void {
  const ids = typeof vaultKeyIds === 'string' ? [vaultKeyIds] : (vaultKeyIds ?? []);
  const refused: string[] = [];
  const kept: ImportCandidate[] = [];
  for (const candidate of scan.candidates) {
    if (!isLockedNoteFile(candidate.note.content)) {
      kept.push(candidate);
      continue;
    }
    const checkWith = (id: string | null) =>
      checkLockedNoteFile(candidate.note.content, candidate.note.exportedId, id);
    const check =
      ids.map(checkWith).find((result) => result.ok || !result.vault) ?? checkWith(ids[0] ?? null);
    if (!check.ok) {
      if (check.vault) refused.push(`${candidate.source}: ${check.error}`);
      else
        scan.problems.push({
          source: candidate.source,
          status: 'error',
          message: `${check.error}: not imported`,
        });
      continue;
    }
    candidate.locked = { text: check.text, exportedId: check.exportedId };
    // Nothing of its text is readable yet: no title, no tags, no files to find beside it.
    candidate.note = { ...candidate.note, title: LOCKED_NOTE_FILE_TITLE, content: check.text, tags: [] };
    delete candidate.origin;
    kept.push(candidate);
  }
  if (refused.length > 0) {
    const count = refused.length === 1 ? 'A locked note' : `${refused.length} locked notes`;
    throw new ImportRefusedError(
      `${count} in these files cannot be opened by this vault, so nothing was imported. ${refused.slice(0, 3).join('; ')}${refused.length > 3 ? `; and ${refused.length - 3} more` : ''}.`,
    );
  }
  scan.candidates = kept;
}

/** A locked file's note in plain text (in memory): opened under the id it was exported with. Needs the vault unlocked. */
export function openLockedCandidate(candidate: ImportCandidate): ImportCandidate['note'] {
  const locked = candidate.locked;
  if (!locked) return candidate.note;
  const fields = openFields(locked.exportedId, { title: '', content: locked.text, tags: [] });
  return { ...candidate.note, title: fields.title, content: fields.content, tags: fields.tags };
}

/** The same, or null while the vault is locked (or the file cannot be opened): for matching at the preview. */
export function readableLockedCandidate(candidate: ImportCandidate): ImportCandidate['note'] | null {
  if (!canOpenLockedNotes()) return null;
  try {
    return openLockedCandidate(candidate);
  } catch {
    return null;
  }
}

export function lockedCandidateCount(scan: ImportScan): number {
  return scan.candidates.filter((c) => c.locked && !c.duplicateOf).length;
}
