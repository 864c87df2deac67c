// File names for exported notes, safe on Windows, macOS, Linux and in zip tools: no reserved characters or
// names, no trailing dots or spaces, a length cap in UTF-8 bytes, and collisions numbered (case-insensitively,
// since two names differing only in case are one file on Windows and macOS).

/** Longest base name in UTF-8 bytes: file systems allow 255 for the whole name, with room for " (999).md". */
export const FILE_NAME_MAX_BYTES = 180;
export const UNTITLED_FILE_NAME = 'Untitled';

// < > : " / \ | ? * and control characters are refused by Windows (and "/" everywhere).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const RESERVED_CHARS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Cuts at a character boundary (never inside a surrogate pair) so the name stays valid text. */
function capBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out;
}

/** A base name (without extension) made from a note's title. */
export function safeFileName(title: string): string {
  let name = title
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(RESERVED_CHARS, '-')
    .trim()
    // A leading dot hides the file on Unix and in Obsidian.
    .replace(/^\.+/, '');
  name = capBytes(name, FILE_NAME_MAX_BYTES)
    // Windows drops trailing dots and spaces, so "a." and "a" would collide there.
    .replace(/[. ]+$/, '');
  if (name === '') return UNTITLED_FILE_NAME;
  if (RESERVED_NAMES.test(name)) return `${name}_`;
  return name;
}

/** Hands out unique file names in order: "Name.md", "Name (2).md", "Name (3).md"… */
export class FileNamer {
  readonly #taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.#taken.add(name.toLowerCase());
  }

  next(title: string, extension = '.md'): string {
    const base = safeFileName(title);
    let candidate = `${base}${extension}`;
    for (let n = 2; this.#taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${extension}`;
    this.#taken.add(candidate.toLowerCase());
    return candidate;
  }
}
