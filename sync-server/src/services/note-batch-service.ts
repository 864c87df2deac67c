// The batched push (POST /api/notes/batch): many notes' creates, updates and deletes in one store transaction,
// so one journal record and one fsync (or one PostgreSQL commit) for all of them. Each change goes through the
// same rules as the per-note endpoints (note-service.ts: idempotent creates by client id, versions, revisions,
// the Trash) and gets its own answer; a change that is malformed or refused is undone alone (a savepoint), so
// it never blocks the others.
import {
  formatZodError,
  NOTE_CONTENT_MAX,
  NoteBatchChangeSchema,
  type NoteBatchResult,
  noteTooLongMessage,
} from '@private-notes/shared';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { Store, WriteTx } from '../storage/index.ts';
import { createNoteIn, removeNoteIn, updateNoteIn } from './note-service.ts';

type Change = z.output<typeof NoteBatchChangeSchema>;
type Parsed = { change: Change; refusal?: undefined } | { change?: undefined; refusal: NoteBatchResult };

/** The answer the error handler gives an HttpError, as one change's result. */
function refusalOf(error: HttpError): NoteBatchResult {
  return { status: error.status, body: { ...error.extra, message: error.message } };
}

/** Checked one by one, with the per-note endpoints' answers: 413 for a note over the limit, else 400. */
function parseChange(raw: unknown): Parsed {
  const content = (raw as { content?: unknown } | null)?.content;
  if (typeof content === 'string' && content.length > NOTE_CONTENT_MAX)
    return { refusal: refusalOf(new HttpError(413, noteTooLongMessage(content.length))) };
  const result = NoteBatchChangeSchema.safeParse(raw);
  if (!result.success) return { refusal: refusalOf(new HttpError(400, formatZodError(result.error))) };
  return { change: result.data };
}

function applyChange(tx: WriteTx, userId: number, change: Change): NoteBatchResult {
  const savepoint = tx.savepoint();
  try {
    if (change.op === 'create') {
      const { op: _op, ...input } = change;
      const { note, created } = createNoteIn(tx, userId, input);
      return { status: created ? 201 : 200, body: note };
    }
    if (change.op === 'update') {
      const { op: _op, id, ...input } = change;
      return { status: 200, body: updateNoteIn(tx, userId, id, input) };
    }
    removeNoteIn(tx, userId, change.id, change.version);
    return { status: 204 };
  } catch (error) {
    // Anything but a refusal is a fault of the server: the whole batch fails (500) and keeps nothing.
    if (!(error instanceof HttpError)) throw error;
    tx.rollbackTo(savepoint);
    return refusalOf(error);
  }
}

export class NoteBatchService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Applies `changes` in order, in one transaction, and answers one result per change once it is committed.
   * A store that cannot commit rejects the whole batch (503) and keeps none of it, so a retry sends it all.
   */
  async apply(userId: number, changes: readonly unknown[]): Promise<NoteBatchResult[]> {
    const parsed = changes.map(parseChange);
    return this.#store.write((tx) =>
      parsed.map(({ change, refusal }) => (change ? applyChange(tx, userId, change) : refusal!)),
    );
  }
}
