// The files a locked note refers to, declared by the device beside the ciphertext (issue 34,
// docs/decisions/locked-notes-cards-attachments.md): the server cannot read a locked note's references, so
// without this list its attachment collection could not tell which stored files are still needed. A sealed
// file's hash is the hash of its sealed bytes, so the list reveals which stored files belong to the note
// (which the device's fetches show anyway), never a name, type or byte of them.
import { z } from 'zod';
import { Sha256Schema } from './attachment.ts';

/** At most this many hashes per note (a 1 MiB note holds about that many file references at most). */
export const LOCKED_FILES_MAX = 10_000;

export const LOCKED_FILES_PLAIN_MESSAGE =
  "Only a locked note declares its files (lockedFiles): a plain note's files are read from its text.";

/** `lockedFiles` on a note create or update: each a stored file's SHA-256; repeats are kept once. */
export const LockedFilesSchema = z
  .array(Sha256Schema)
  .max(LOCKED_FILES_MAX, `must hold at most ${LOCKED_FILES_MAX} hashes`)
  .transform((hashes) => [...new Set(hashes)]);
