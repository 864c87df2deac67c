// A note's cards as the study screens show them: a locked note's cards opened in memory while the vault is
// unlocked (db/locked-note-codec.ts), left out while they cannot be; read again on every lock and unlock.
import type { SealableCardKind } from '@private-notes/shared/vault/sealed-card';
import { useMemo } from 'react';
import { revealCard } from '../../db/locked-note-codec.ts';
import type { LocalNote } from '../../db/types.ts';
import { useLockedNoteCodecGeneration } from '../notes/use-revealed-notes.ts';

export function useRevealedCards<C extends { id: string }>(
  note: Pick<LocalNote, 'id' | 'content'> | null | undefined,
  kind: SealableCardKind,
  cards: C[] | undefined,
): C[] | undefined {
  const generation = useLockedNoteCodecGeneration();
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation moves on every lock and unlock
  return useMemo(
    () =>
      cards?.flatMap((card) => {
        const shown = revealCard(note ?? undefined, kind, card);
        return shown ? [shown] : [];
      }),
    [note, kind, cards, generation],
  );
}
