// Study cards synced between the owner's devices (beyond the spec): flashcards and key points, one record per
// card, versioned by the server. A device pushes changes (a card's whole state, or its delete) with the version
// it last saw, and pulls every card changed after a cursor; deletes stay as tombstones so other devices learn
// of them. See docs/decisions/card-sync.md.
import { z } from 'zod';
import { looksLikeEnvelope } from '../vault/envelope.ts';
import { IsoDateSchema } from './common.ts';

/** POST (push changes) and GET (changes after a cursor) of study cards. */
export const CARDS_PATH = '/api/cards';
export const CARD_BATCH_MAX = 200;
export const CARD_PAGE_MAX = 1000;
export const CARD_TEXT_MAX = 5000;
export const CARD_ID_MAX = 64;
/**
 * A card text of a locked note, sealed on the device (shared/src/vault/sealed-card.ts): an envelope of up to
 * CARD_TEXT_MAX characters of 4 UTF-8 bytes each, in base64url, with its header.
 */
export const SEALED_CARD_TEXT_MAX = 27_000;

const CardIdSchema = z.string().min(1).max(CARD_ID_MAX);
const CardTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(SEALED_CARD_TEXT_MAX, `must be at most ${CARD_TEXT_MAX} characters`)
  .refine(
    (text) => text.length <= CARD_TEXT_MAX || looksLikeEnvelope(text),
    `must be at most ${CARD_TEXT_MAX} characters`,
  );

export const CardKindSchema = z.enum(['flashcard', 'keyPoint']);
export type CardKind = z.infer<typeof CardKindSchema>;

/** Made by a generator (replaced when the note's cards are generated again) or written by the owner. */
export const CardOriginSchema = z.enum(['generated', 'manual']);
export type CardOrigin = z.infer<typeof CardOriginSchema>;

/** A flashcard's state. `cloze`: the deletion number this card asks for; `question` then holds the cloze text. */
export const FlashcardStateSchema = z.object({
  kind: z.literal('flashcard'),
  id: CardIdSchema,
  /** The note's client id, the same on every device. */
  noteId: CardIdSchema,
  question: CardTextSchema,
  answer: CardTextSchema,
  cloze: z.number().int().min(1).max(99).nullable(),
  origin: CardOriginSchema,
  /** True once the owner changed a generated card: regenerating keeps it. */
  edited: z.boolean(),
  /** Kept, but never due and never in a session. */
  suspended: z.boolean(),
});
export type FlashcardState = z.infer<typeof FlashcardStateSchema>;

export const KeyPointStateSchema = z.object({
  kind: z.literal('keyPoint'),
  id: CardIdSchema,
  noteId: CardIdSchema,
  content: CardTextSchema,
  origin: CardOriginSchema,
  edited: z.boolean(),
});
export type KeyPointState = z.infer<typeof KeyPointStateSchema>;

export const CardStateSchema = z.discriminatedUnion('kind', [FlashcardStateSchema, KeyPointStateSchema]);
export type CardState = z.infer<typeof CardStateSchema>;

/**
 * One change pushed by a device. `change` is made by the device for this change (a retried push finds it and
 * is not applied twice); `baseVersion` is the card's server version the device last saw (0: never synced).
 */
export const CardChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('put'),
    change: CardIdSchema,
    baseVersion: z.number().int().min(0),
    card: CardStateSchema,
  }),
  z.object({
    op: z.literal('delete'),
    change: CardIdSchema,
    baseVersion: z.number().int().min(0),
    kind: CardKindSchema,
    id: CardIdSchema,
    noteId: CardIdSchema,
  }),
]);
export type CardChange = z.infer<typeof CardChangeSchema>;

export const CardPushSchema = z.object({ changes: z.array(CardChangeSchema).max(CARD_BATCH_MAX) });
export type CardPush = z.infer<typeof CardPushSchema>;

/** A card as the server keeps it: its last state (absent once deleted), its version and when it changed. */
export const SyncedCardSchema = z.object({
  kind: CardKindSchema,
  id: CardIdSchema,
  noteId: CardIdSchema,
  version: z.number().int().positive(),
  deleted: z.boolean(),
  updatedAt: IsoDateSchema,
  state: CardStateSchema.nullable(),
});
export type SyncedCard = z.infer<typeof SyncedCardSchema>;

/**
 * Per change, in order: `applied` (the card is now `card`), or `refused` (a delete that had not seen the card's
 * latest version: the card stays, and `card` is what the server keeps).
 */
export const CardPushAnswerSchema = z.object({
  results: z.array(
    z.object({ change: z.string(), status: z.enum(['applied', 'refused']), card: SyncedCardSchema }),
  ),
});
export type CardPushAnswer = z.infer<typeof CardPushAnswerSchema>;

export const CardChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'must be a cursor returned by this endpoint')
    .optional(),
  limit: z.coerce.number().int().min(1).max(CARD_PAGE_MAX).optional(),
});

export const CardChangesSchema = z.object({
  cards: z.array(SyncedCardSchema),
  cursor: z.string(),
  more: z.boolean(),
});
export type CardChanges = z.infer<typeof CardChangesSchema>;
