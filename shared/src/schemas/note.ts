// A private note, as stored by the server and mirrored in the browser's database.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, TagsSchema } from './common.ts';
import { LockedFilesSchema } from './locked-files.ts';
import { CLIENT_ID_MAX, NOTE_CONTENT_MAX, NOTE_TITLE_MAX, noteTooLongMessage } from './note-limits.ts';
import { OverwriteReasonSchema } from './revision.ts';

export {
  CLIENT_ID_MAX,
  DEFAULT_NOTE_TITLE,
  NOTE_CONTENT_MAX,
  NOTE_REQUEST_MAX_BYTES,
  NOTE_TITLE_MAX,
  noteTooLongMessage,
} from './note-limits.ts';

export const NoteSchema = z.object({
  id: IdSchema,
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  userId: IdSchema,
  /** Increments on every write; an update based on an older version is refused with 409. */
  version: z.number().int().positive(),
  /** The id the creating client gave the note, so a retried create answers the same note. */
  clientId: z.string().nullable(),
  /**
   * A locked note's files as its device declared them (schemas/locked-files.ts); absent or null when it
   * declared none (an older app): the server then keeps every file. Never on a plain note.
   */
  lockedFiles: z.array(z.string()).nullable().optional(),
});
export type Note = z.infer<typeof NoteSchema>;

export const ClientIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(CLIENT_ID_MAX, `must be at most ${CLIENT_ID_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, "-" and "_"');

export const NoteFieldsSchema = z.object({
  title: z.string().trim().max(NOTE_TITLE_MAX, `must be at most ${NOTE_TITLE_MAX} characters`),
  content: z.string().max(NOTE_CONTENT_MAX, noteTooLongMessage()),
  tags: TagsSchema.default([]),
  /** A locked note's files (schemas/locked-files.ts); only beside locked text. */
  lockedFiles: LockedFilesSchema.optional(),
});

/**
 * POST /api/notes. `clientId` makes the create idempotent. `createdAt` / `updatedAt` keep the dates the note
 * had on the device that made it (offline, or imported from another app); the server's clock fills them in
 * when absent.
 */
export const NoteCreateSchema = NoteFieldsSchema.extend({
  clientId: ClientIdSchema.optional(),
  createdAt: IsoDateSchema.optional(),
  updatedAt: IsoDateSchema.optional(),
});
export type NoteCreate = z.input<typeof NoteCreateSchema>;

/**
 * PUT /api/notes/{id}. `baseVersion` is the version the edit started from; omit it to overwrite. `reason` says
 * the write replaces the text wholesale (a revision restored, an import, a conflict resolved): the server then
 * keeps the previous text as a revision first.
 */
// `tags` is re-declared without its create default: an update that leaves tags out must keep them.
export const NoteUpdateSchema = NoteFieldsSchema.extend({ tags: TagsSchema }).partial().extend({
  baseVersion: z.number().int().positive().optional(),
  reason: OverwriteReasonSchema.optional(),
});
export type NoteUpdate = z.input<typeof NoteUpdateSchema>;

/**
 * DELETE /api/notes/{id}?version=N: the version the deleting device last saw. When the note has changed since,
 * the delete is refused with 409 and the server's note. Without it the delete is unconditional (older clients).
 */
export const NoteDeleteQuerySchema = z.object({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'must be a positive whole number')
    .transform(Number)
    .optional(),
});

export const DATE_RANGES = ['all', 'week', 'month', 'year'] as const;
export const DateRangeSchema = z.enum(DATE_RANGES);
export type DateRange = z.infer<typeof DateRangeSchema>;

/** GET /api/notes query: search text, repeated `tags`, and a date range (omitted for all). */
export const NoteListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  tags: z
    .union([
      TagsSchema,
      z
        .string()
        .trim()
        .min(1)
        .max(50)
        .transform((t) => [t]),
    ])
    .optional(),
  dateRange: DateRangeSchema.optional(),
});
export type NoteListQuery = z.input<typeof NoteListQuerySchema>;

/** GET /api/notes/changes?since=CURSOR: notes changed and ids deleted after the cursor. */
export const NoteChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'must be a cursor returned by this endpoint')
    .optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export const NoteChangesSchema = z.object({
  notes: z.array(NoteSchema),
  deleted: z.array(IdSchema),
  cursor: z.string(),
  /** True when more changes wait beyond `limit`; ask again with the new cursor. */
  more: z.boolean(),
  /**
   * How many notes (not deletions) changed after `since`, this page and the pages still to come: a device's
   * first sync counts what it has received against it. Older servers leave it out.
   */
  total: z.number().int().nonnegative().optional(),
  /**
   * The server's line of history: it changes when the server's data goes back in time (a backup restored,
   * a repair that lost writes). A device that synced under another epoch must not trust its cursor: it
   * pulls everything again and sends back what the server lacks. Older servers leave it out.
   */
  restoreEpoch: z.string().optional(),
});
export type NoteChanges = z.infer<typeof NoteChangesSchema>;

/** The 409 answer to a stale update or delete: the server's current note, so the client can keep both. */
export const NoteConflictSchema = z.object({ message: z.string(), note: NoteSchema });
export type NoteConflict = z.infer<typeof NoteConflictSchema>;

/** The most changes one POST /api/notes/batch may carry. */
export const NOTE_BATCH_MAX = 500;

/** A create in a batch: as POST /api/notes, with the client id required (a replayed batch must not duplicate). */
export const NoteBatchCreateSchema = NoteCreateSchema.extend({
  op: z.literal('create'),
  clientId: ClientIdSchema,
});
/** An update in a batch: as PUT /api/notes/{id}. */
export const NoteBatchUpdateSchema = NoteUpdateSchema.extend({ op: z.literal('update'), id: IdSchema });
/** A delete in a batch: as DELETE /api/notes/{id}?version=N. */
export const NoteBatchDeleteSchema = z.object({
  op: z.literal('delete'),
  id: IdSchema,
  version: z.number().int().positive().optional(),
});
export const NoteBatchChangeSchema = z.discriminatedUnion('op', [
  NoteBatchCreateSchema,
  NoteBatchUpdateSchema,
  NoteBatchDeleteSchema,
]);
export type NoteBatchChange = z.input<typeof NoteBatchChangeSchema>;

/**
 * POST /api/notes/batch: up to NOTE_BATCH_MAX changes applied in one transaction. Each change is checked on its
 * own, so one malformed or refused change answers its own error and the others still apply.
 */
export const NoteBatchSchema = z.object({
  changes: z
    .array(z.unknown())
    .min(1, 'must hold at least one change')
    .max(NOTE_BATCH_MAX, `must hold at most ${NOTE_BATCH_MAX} changes`),
});

/**
 * One change's result, in the order sent: the status and body the per-note endpoint would have answered
 * (201/200 with the note, 204 without a body for a delete, or an error status with `{ message, ... }`, a 409
 * carrying the server's note).
 */
export const NoteBatchResultSchema = z.object({ status: z.number().int(), body: z.unknown().optional() });
export type NoteBatchResult = z.infer<typeof NoteBatchResultSchema>;
export const NoteBatchAnswerSchema = z.object({ results: z.array(NoteBatchResultSchema) });
export type NoteBatchAnswer = z.infer<typeof NoteBatchAnswerSchema>;
