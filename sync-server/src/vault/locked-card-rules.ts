// Study cards of a locked note (issue 34, docs/decisions/locked-notes-cards-attachments.md): their text is
// sealed on the device under the note's key, so the server refuses a card of a locked note whose text is plain
// (or only partly sealed), and any sealed text that does not parse as an envelope. No cryptography here.
import { type CardState, isLockedNoteText } from '@private-notes/shared';
import { parseEnvelope } from '@private-notes/shared/vault/envelope';
import {
  cardSealing,
  PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE,
  SEALED_CARD_FIELDS,
} from '@private-notes/shared/vault/sealed-card';
import { HttpError } from '../http/http-error.ts';
import type { WriteTx } from '../storage/write-tx.ts';

export { PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE };

/** The note a card names (its client id, or `s<serverId>` for a note made without one) is locked, live or in the Trash. */
export function isLockedNoteId(tx: Pick<WriteTx, 'lookup' | 'get'>, userId: number, noteId: string): boolean {
  const byClient = tx.lookup('notes', 'clientId', `${userId}:${noteId}`);
  if (byClient) return isLockedNoteText(byClient.content);
  const serverId = /^s([1-9][0-9]{0,14})$/.exec(noteId);
  if (serverId) {
    const note = tx.get('notes', Number(serverId[1]));
    if (note && note.userId === userId) return isLockedNoteText(note.content);
  }
  const trashed = tx.lookup('noteTombstones', 'clientId', `${userId}:${noteId}`);
  return trashed?.trash !== undefined && isLockedNoteText(trashed.trash.content);
}

/** Throws 400 `changes.<index>: …` for a card that must be sealed and is not, or is sealed but damaged. */
export function checkCardSealing(
  tx: Pick<WriteTx, 'lookup' | 'get'>,
  userId: number,
  card: CardState,
  index: number,
): void {
  const sealing = cardSealing(card.kind, card);
  if (sealing === 'mixed')
    throw new HttpError(
      400,
      `changes.${index}: this card is damaged: some of its text is sealed, some is not`,
    );
  if (sealing === 'sealed') {
    for (const field of SEALED_CARD_FIELDS[card.kind]) {
      try {
        parseEnvelope((card as Record<string, unknown>)[field]);
      } catch (error) {
        throw new HttpError(400, `changes.${index}: ${field}: ${(error as Error).message}`);
      }
    }
    return;
  }
  if (isLockedNoteId(tx, userId, card.noteId))
    throw new HttpError(400, `changes.${index}: ${PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE}`);
}
