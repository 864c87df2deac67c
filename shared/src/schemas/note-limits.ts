// A note's limits and default title, apart from the note's schemas so that the browser's first screen, which
// needs only these, does not load the schema library (web: the owner's first visit).
export const NOTE_TITLE_MAX = 200;
/**
 * A note's text may hold this many characters (UTF-16 code units, as JavaScript and zod count them): 1 MiB
 * of ASCII, and never less than 1 MiB of any UTF-8 text. Lecture transcripts and book chapters fit.
 */
export const NOTE_CONTENT_MAX = 1_048_576;
/**
 * The largest request body the server parses for the signed-in owner: a note at NOTE_CONTENT_MAX as JSON,
 * at up to 3 UTF-8 bytes a character, plus room for escapes, the title and tags. Beyond it: 413.
 */
export const NOTE_REQUEST_MAX_BYTES = 3 * NOTE_CONTENT_MAX + 512 * 1024;

/** The one message for a note over the limit: the editor shows it, the server answers 413 with it. */
export function noteTooLongMessage(length?: number): string {
  const limit = NOTE_CONTENT_MAX.toLocaleString('en-US');
  return length === undefined
    ? `This note is too long: a note can hold at most ${limit} characters.`
    : `This note is too long: ${length.toLocaleString('en-US')} characters, and a note can hold at most ${limit}.`;
}
export const CLIENT_ID_MAX = 64;
export const DEFAULT_NOTE_TITLE = 'Untitled Note';
