// The AI save path's note check (SPEC section 5), run by the client before sending and usable by the server.
import { NoteFieldsSchema } from '../schemas/note.ts';

export const NOTE_DATA_REQUIRED = 'Note title and content are required';
export const TAGS_MUST_BE_ARRAY = 'Tags must be an array';
export const INVALID_NOTE_DATA = 'Invalid note data';

export type NoteDataResult =
  | { ok: true; note: { title: string; content: string; tags: string[] } }
  | { ok: false; message: string };

/**
 * Not an object → 'Invalid note data'; an empty or missing title or content → 'Note title and content are
 * required'; tags given but not an array → 'Tags must be an array'; anything else wrong (a title that is not
 * text, a tag that is not text, a field over its limit) → 'Invalid note data'.
 */
export function validateNoteData(input: unknown): NoteDataResult {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return fail(INVALID_NOTE_DATA);
  const data = input as Record<string, unknown>;
  if (isBlank(data.title) || isBlank(data.content)) return fail(NOTE_DATA_REQUIRED);
  if (data.tags !== undefined && data.tags !== null && !Array.isArray(data.tags))
    return fail(TAGS_MUST_BE_ARRAY);
  const parsed = NoteFieldsSchema.safeParse({
    title: data.title,
    content: data.content,
    tags: data.tags ?? [],
  });
  if (!parsed.success) return fail(INVALID_NOTE_DATA);
  return { ok: true, note: parsed.data };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function fail(message: string): NoteDataResult {
  return { ok: false, message };
}
