// Locked notes as the screens show them: decrypted in memory while the vault is unlocked (db/locked-note-codec.ts),
// as stored ("Locked note" cards) otherwise; read again on every lock and unlock.
import { useMemo, useSyncExternalStore } from 'react';
import {
  isSealedNote,
  lockedNoteCodecGeneration,
  revealNote,
  subscribeLockedNoteCodec,
} from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';

export function useLockedNoteCodecGeneration(): number {
  return useSyncExternalStore(subscribeLockedNoteCodec, lockedNoteCodecGeneration, lockedNoteCodecGeneration);
}

export function useRevealedNotes<T extends LocalNote[] | null | undefined>(notes: T): T {
  const generation = useLockedNoteCodecGeneration();
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation moves on every lock and unlock
  return useMemo(
    () => (notes?.some(isSealedNote) ? (notes.map(revealNote) as T) : notes),
    [notes, generation],
  );
}

export function useRevealedNote<T extends LocalNote | null | undefined>(note: T): T {
  const generation = useLockedNoteCodecGeneration();
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation moves on every lock and unlock
  return useMemo(() => (note ? (revealNote(note) as T) : note), [note, generation]);
}
