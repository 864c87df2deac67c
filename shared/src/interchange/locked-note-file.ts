// A locked note in an export (issue 34): its locked text exactly as stored (`pnlocked.1` and four envelopes),
// never its title, text or tags. The front matter names what a re-import needs and nothing secret: the note's
// id (bound into the note key's associated data, so the note can be opened again only under it), the id of the
// vault key that wraps its note key (a file of another vault is refused before anything is written), and dates.
// No cryptography here: the import opens the text with the unlocked vault and seals it again under the new note.
import { parseLockedNote } from '../vault/locked-note.ts';
import { isLockedNoteText } from '../vault/locked-note-marker.ts';
import { yamlScalar } from './markdown-note.ts';
import { toRfc3339Utc } from './rfc3339.ts';

/** The file name a locked note gets in an export ("Locked note.md", "Locked note 2.md", …): its title is secret. */
export const LOCKED_NOTE_FILE_TITLE = 'Locked note';

export interface ExportableLockedNote {
  /** The local id the note's key is bound to. */
  id: string;
  /** The stored locked text. */
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** The id of the vault key that wraps this locked text's note key; throws the parser's clear error if damaged. */
export function lockedTextVaultKeyId(text: string): string {
  return parseLockedNote(text).noteKey.keyId;
}

export function lockedNoteToMarkdown(note: ExportableLockedNote): string {
  return [
    '---',
    `id: ${yamlScalar(note.id)}`,
    `created: ${toRfc3339Utc(note.createdAt)}`,
    `updated: ${toRfc3339Utc(note.updatedAt)}`,
    'locked: true',
    `vault: ${yamlScalar(lockedTextVaultKeyId(note.text))}`,
    '---',
    '',
    note.text,
  ].join('\n');
}

/** An imported file's text body is a locked note (this product's locked export, or a copy of one). */
export function isLockedNoteFile(content: string): boolean {
  return isLockedNoteText(content.trim());
}

export type LockedFileCheck =
  | { ok: true; text: string; exportedId: string; vaultKeyId: string }
  /** `vault`: the file is sound but this device's vault cannot open it (another vault's, or none set up). */
  | { ok: false; error: string; vault: boolean };

/**
 * Whether a locked file can come back into the vault whose key id is `vaultKeyId` (null: no vault set up here).
 * Never guesses: no id, a damaged text or another vault's key is a clear error.
 */
export function checkLockedNoteFile(
  content: string,
  exportedId: string | null,
  vaultKeyId: string | null,
): LockedFileCheck {
  const text = content.trim().replace(/\r\n?/g, '\n');
  let keyId: string;
  try {
    keyId = lockedTextVaultKeyId(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'This locked note is damaged.';
    return { ok: false, error: message, vault: false };
  }
  if (exportedId === null)
    return {
      ok: false,
      error: 'a locked note without its id in the front matter: it cannot be opened again',
      vault: false,
    };
  if (vaultKeyId === null)
    return {
      ok: false,
      error: 'a locked note, but locked notes are not set up here: set them up with the same vault first',
      vault: true,
    };
  if (keyId !== vaultKeyId)
    return {
      ok: false,
      error: `a locked note of another vault (key ${keyId}, this vault's is ${vaultKeyId}): it cannot be opened here`,
      vault: true,
    };
  return { ok: true, text, exportedId, vaultKeyId: keyId };
}
