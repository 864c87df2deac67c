// Recognising a locked note without any cryptography: the first line of its stored content. Kept apart from
// the vault's crypto so the server, the notes list and the search indexer can ask "is this locked?" without
// loading Argon2 or the cipher.
export const LOCKED_NOTE_MARKER = 'pnlocked';
export const LOCKED_NOTE_VERSION = 1;

/** True when a note's stored content is a locked note's ciphertext (of any version), not its text. */
export function isLockedNoteText(content: string): boolean {
  return content.startsWith(`${LOCKED_NOTE_MARKER}.`);
}
