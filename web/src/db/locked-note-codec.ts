// Locked notes at the database's edge (issue 34): a locked note is stored as its locked text (title '', tags [],
// content = the `pnlocked.1` lines), and only ever read in plain text in memory. The crypto itself is loaded
// lazily (web/src/vault/vault-runtime.ts) and plugs in here as a codec while the vault is unlocked; without it a
// locked note reads as stored ("Locked note") and cannot be saved. No crypto here: this module is on the notes
// screen's first paint.
import { isLockedNoteText } from '@private-notes/shared';
import type { LocalNote } from './types.ts';

export interface LockedNoteFields {
  title: string;
  content: string;
  tags: string[];
}

export interface LockedNoteCodec {
  /** The decrypted fields of a locked note's stored text; throws a clear error when it cannot. */
  open(noteId: string, text: string): LockedNoteFields;
  /** The stored text of a locked note, under the note's key once it was opened (or a new one). */
  seal(noteId: string, fields: LockedNoteFields): string;
}

/** What a locked note shows while it cannot be read here: nothing of its title or text. */
export const LOCKED_NOTE_TITLE = 'Locked note';

export const UNLOCK_TO_MERGE_MESSAGE =
  'This locked note changed on another device too: unlock your locked notes to merge the two.';

export const VAULT_LOCKED_MESSAGE = 'This note is locked: unlock your locked notes to change it.';

let codec: LockedNoteCodec | null = null;
let generation = 0;
const listeners = new Set<() => void>();
/** Ids of notes seen locked in this tab: their editor drafts stay in memory (draft-store.ts). */
const lockedIds = new Set<string>();

/** Set on unlock, null on lock: every reader of notes reads again. */
export function setLockedNoteCodec(next: LockedNoteCodec | null): void {
  codec = next;
  generation++;
  for (const listener of listeners) listener();
}

/** A number that moves on every lock and unlock (for useSyncExternalStore). */
export function lockedNoteCodecGeneration(): number {
  return generation;
}

export function subscribeLockedNoteCodec(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canOpenLockedNotes(): boolean {
  return codec !== null;
}

/** Locked: stored as locked text (still unreadable), or a decrypted view of one. */
export function isLockedNote(note: Pick<LocalNote, 'content' | 'locked'>): boolean {
  return note.locked === true || isLockedNoteText(note.content);
}

/** Still unreadable here: a locked note this tab cannot open now. */
export function isSealedNote(note: Pick<LocalNote, 'content'>): boolean {
  return isLockedNoteText(note.content);
}

export function isLockedNoteId(noteId: string | null | undefined): boolean {
  if (noteId == null) return newNoteLocked;
  return lockedIds.has(noteId);
}

/** The new note being written is a locked one ("New locked note"): its draft stays in memory too. */
let newNoteLocked = false;
export function setNewNoteLocked(locked: boolean): void {
  newNoteLocked = locked;
}

/** The note as the owner reads it: decrypted (in memory) while the vault is unlocked, else as stored. */
export function revealNote(note: LocalNote): LocalNote {
  if (!isLockedNoteText(note.content)) return note;
  lockedIds.add(note.id);
  if (!codec) return note;
  try {
    return { ...note, ...codec.open(note.id, note.content), locked: true };
  } catch {
    return note; // another vault's or damaged: shown as a locked card
  }
}

/** Like revealNote, but a locked note that cannot be opened is an error (before changing it). */
export function openStoredNote(note: LocalNote): LocalNote {
  if (!isLockedNoteText(note.content)) return note;
  lockedIds.add(note.id);
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  return { ...note, ...codec.open(note.id, note.content), locked: true };
}

/** The row to store: a locked note's fields sealed into its content; a plain note without the view flag. */
export function rowToStore(note: LocalNote, lock: boolean): LocalNote {
  const { locked: _locked, ...row } = note;
  if (!lock) return row;
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  lockedIds.add(note.id);
  const content = codec.seal(note.id, { title: note.title, content: note.content, tags: note.tags });
  return { ...row, title: '', tags: [], content };
}

/** Fields as the owner reads them: a locked text opened (throws while locked), plain fields as they are. */
export function openFields(noteId: string, fields: LockedNoteFields): LockedNoteFields {
  if (!isLockedNoteText(fields.content)) return fields;
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  return codec.open(noteId, fields.content);
}

/** Plain fields sealed as a locked note's stored fields (empty title, no tags). */
export function sealFields(noteId: string, fields: LockedNoteFields): LockedNoteFields {
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  lockedIds.add(noteId);
  return { title: '', tags: [], content: codec.seal(noteId, fields) };
}
