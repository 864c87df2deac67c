// Turns one file's bytes into note text, or says why not: binary content and text that is not UTF-8 are
// refused (a note is never made of mojibake).

/** Markdown files larger than this cannot hold a note (100,000 characters) and are not read. */
export const MARKDOWN_FILE_MAX_BYTES = 4 * 1024 * 1024;

const NOTE_EXTENSIONS = /\.(md|markdown|mdown|mkd|txt)$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|svg|bmp|heic|avif|tiff?)$/i;

export function isNoteFile(name: string): boolean {
  return NOTE_EXTENSIONS.test(name);
}

/** Why a file that is not a note, and that no imported note links to, was left out (the report's wording). */
export function notANoteReason(path: string): string {
  if (/(^|\/)\.(obsidian|trash|git)(\/|$)/.test(path)) return 'app settings folder, not notes: skipped';
  if (/(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)/i.test(path)) return 'system file: skipped';
  if (IMAGE_EXTENSIONS.test(path) || /(^|\/)_resources\//.test(path)) {
    return 'image or attachment that no note links to: skipped';
  }
  return 'not a markdown file, and no note links to it: skipped';
}

export type DecodedText = { ok: true; text: string } | { ok: false; error: string };

export function decodeNoteText(bytes: Uint8Array): DecodedText {
  if (bytes.length > MARKDOWN_FILE_MAX_BYTES) {
    return { ok: false, error: `too large for a note (${(bytes.length / 1048576).toFixed(1)} MB)` };
  }
  if (bytes.includes(0)) return { ok: false, error: 'not a text file (it contains binary data)' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, error: 'not UTF-8 text: save it as UTF-8 and import it again' };
  }
}
