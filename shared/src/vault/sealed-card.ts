// Study cards of a locked note (issue 34): each text field of a card (a flashcard's question and answer, a key
// point's content) is sealed on the device under the note's own key, bound to the note id, the card id and the
// field, so a card's ciphertext moved to another card, field or note does not open. Everything else about a card
// (its id, note, kind, origin, flags) and its reviews (the schedule) stays plain, so due counts work while the
// vault is locked. The functions take the vault and the note key, so a key rotation can run them again.
// See docs/decisions/locked-notes-cards-attachments.md.
import { looksLikeEnvelope } from './envelope.ts';
import type { NoteKey, UnlockedVault } from './unlocked-vault.ts';
import { VaultError } from './vault-error.ts';

/** The server's 400 for a card of a locked note sent with plain text (the device retries once it is sealed). */
export const PLAIN_CARD_OF_LOCKED_NOTE_MESSAGE =
  'This card belongs to a locked note: its text must be sealed on your device before it is sent.';

export type SealableCardKind = 'flashcard' | 'keyPoint';

/** The text fields of each kind of card, in the order they are sealed. */
export const SEALED_CARD_FIELDS = {
  flashcard: ['question', 'answer'],
  keyPoint: ['content'],
} as const satisfies Record<SealableCardKind, readonly string[]>;

const CARD_ID = /^[A-Za-z0-9_-]{1,64}$/;

type TextsOf<K extends SealableCardKind> = { [F in (typeof SEALED_CARD_FIELDS)[K][number]]: string };
/** A card (a synced state or a stored row) with the text fields of its kind. */
export type SealableCard<K extends SealableCardKind> = { id: string } & TextsOf<K>;

function fieldName(kind: SealableCardKind, field: string, cardId: string): string {
  if (!CARD_ID.test(cardId))
    throw new VaultError('invalid-field-name', `Card id "${cardId.slice(0, 40)}" cannot be sealed.`);
  return `card-${kind === 'flashcard' ? field : 'point'}:${cardId}`;
}

/** 'sealed': every text field is an envelope; 'plain': none is; 'mixed': a damaged or half-made card. */
export function cardSealing(
  kind: SealableCardKind,
  card: Record<string, unknown>,
): 'sealed' | 'plain' | 'mixed' {
  const fields = SEALED_CARD_FIELDS[kind].map((field) => {
    const value = card[field];
    return typeof value === 'string' && looksLikeEnvelope(value);
  });
  if (fields.every(Boolean)) return 'sealed';
  return fields.some(Boolean) ? 'mixed' : 'plain';
}

/** The card with its text fields sealed under the note key (a field already sealed is sealed again). */
export function sealCard<K extends SealableCardKind, C extends SealableCard<K>>(
  vault: UnlockedVault,
  noteKey: NoteKey,
  kind: K,
  card: C,
): C {
  const sealed: Record<string, unknown> = { ...card };
  for (const field of SEALED_CARD_FIELDS[kind]) {
    const text = (card as Record<string, unknown>)[field];
    if (typeof text !== 'string') throw new VaultError('malformed', `A card's ${field} must be text.`);
    if (looksLikeEnvelope(text))
      throw new VaultError('malformed', `This card's ${field} is already sealed: open it first.`);
    sealed[field] = vault.sealText(noteKey, fieldName(kind, field, card.id), text);
  }
  return sealed as C;
}

/** The card with its text fields opened; a plain card is returned as it is. Throws a VaultError, never garbage. */
export function openCard<K extends SealableCardKind, C extends SealableCard<K>>(
  vault: UnlockedVault,
  noteKey: NoteKey,
  kind: K,
  card: C,
): C {
  const sealing = cardSealing(kind, card);
  if (sealing === 'plain') return card;
  if (sealing === 'mixed')
    throw new VaultError(
      'malformed',
      'This card of a locked note is damaged: some of its text is not sealed.',
    );
  const opened: Record<string, unknown> = { ...card };
  for (const field of SEALED_CARD_FIELDS[kind])
    opened[field] = vault.openText(
      noteKey,
      fieldName(kind, field, card.id),
      (card as Record<string, string>)[field]!,
    );
  return opened as C;
}
