// Locked notes at the database's edge (issue 34): a locked note is stored as its locked text (title '', tags [],
// content = the `pnlocked.1` lines), and only ever read in plain text in memory. The crypto itself is loaded
// lazily (web/src/vault/vault-runtime.ts) and plugs in here as a codec while the vault is unlocked; without it a
// locked note reads as stored ("Locked note") and cannot be saved. No crypto here: this module is on the notes
// screen's first paint.
import { attachmentHashes, isLockedNoteText } from '@private-notes/shared';
import { cardSealing, type SealableCardKind } from '@private-notes/shared/vault/sealed-card';
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
  /** A card's text fields sealed under the key of the note stored as `noteText` (shared/src/vault/sealed-card.ts). */
  sealCard<C extends { id: string }>(noteId: string, noteText: string, kind: SealableCardKind, card: C): C;
  /** A sealed card opened; throws a clear error when it cannot be. */
  openCard<C extends { id: string }>(noteId: string, noteText: string, kind: SealableCardKind, card: C): C;
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

/**
 * The files a locked note's plain text refers to (sealed ones by the hash of their sealed bytes, and any plain
 * file an older lock left): declared beside its ciphertext, as the server cannot read them.
 */
export function lockedFilesOf(plainContent: string): string[] {
  return attachmentHashes(plainContent);
}

/** The row to store: a locked note's fields sealed into its content; a plain note without the view flag. */
export function rowToStore(note: LocalNote, lock: boolean): LocalNote {
  const { locked: _locked, lockedFiles: _files, ...row } = note;
  if (!lock) return row;
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  lockedIds.add(note.id);
  const content = codec.seal(note.id, { title: note.title, content: note.content, tags: note.tags });
  return { ...row, title: '', tags: [], content, lockedFiles: lockedFilesOf(note.content) };
}

/** Fields as the owner reads them: a locked text opened (throws while locked), plain fields as they are. */
export function openFields(noteId: string, fields: LockedNoteFields): LockedNoteFields {
  if (!isLockedNoteText(fields.content)) return fields;
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  return codec.open(noteId, fields.content);
}

/** Plain fields sealed as a locked note's stored fields (empty title, no tags, the files it refers to). */
export function sealFields(
  noteId: string,
  fields: LockedNoteFields,
): LockedNoteFields & { lockedFiles: string[] } {
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  lockedIds.add(noteId);
  return {
    title: '',
    tags: [],
    content: codec.seal(noteId, fields),
    lockedFiles: lockedFilesOf(fields.content),
  };
}

/** True when the card's text is sealed (a card of a locked note, stored and synced as ciphertext). */
export function isSealedCard(kind: SealableCardKind, card: object): boolean {
  return cardSealing(kind, card as Record<string, unknown>) !== 'plain';
}

/**
 * The card row to store: sealed when its note is stored locked (throws while the vault is locked), plain
 * otherwise. A row still sealed (a change that did not open its text, such as suspending) is kept as it is.
 */
export function cardToStore<C extends { id: string }>(
  note: Pick<LocalNote, 'id' | 'content'> | undefined,
  kind: SealableCardKind,
  card: C,
): C {
  if (isSealedCard(kind, card) || !note || !isLockedNoteText(note.content)) return card;
  if (!codec) throw new Error(VAULT_LOCKED_MESSAGE);
  return codec.sealCard(note.id, note.content, kind, card);
}

/** The card as the owner reads it: opened in memory while the vault is unlocked; null while it cannot be. */
export function revealCard<C extends { id: string }>(
  note: Pick<LocalNote, 'id' | 'content'> | undefined,
  kind: SealableCardKind,
  card: C,
): C | null {
  if (!isSealedCard(kind, card)) return card;
  if (!codec || !note) return null;
  try {
    return codec.openCard(note.id, note.content, kind, card);
  } catch {
    return null; // another vault's, an older key's, or damaged: left out like a locked note
  }
}

/** Like revealCard, but a card that cannot be opened is an error (before changing it). */
export function openStoredCard<C extends { id: string }>(
  note: Pick<LocalNote, 'id' | 'content'> | undefined,
  kind: SealableCardKind,
  card: C,
): C {
  if (!isSealedCard(kind, card)) return card;
  if (!codec || !note) throw new Error(VAULT_LOCKED_MESSAGE);
  return codec.openCard(note.id, note.content, kind, card);
}
