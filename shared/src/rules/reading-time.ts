// Word count, character count and reading time (SPEC section 9), shown in the editor and stored on posts.

export const WORDS_PER_MINUTE = 200;

/** Number of whitespace-separated tokens; 0 for empty or blank text. */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  // A scan instead of split(/\s+/) keeps a 100,000-character note from allocating an array of its words.
  for (let i = 0; i < text.length; i++) {
    const space = isWhitespace(text.charCodeAt(i));
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/** Characters as a person counts them: an emoji or other astral symbol is one character, not two. */
export function countCharacters(text: string): number {
  // Code points, counted without the string iterator (ten times slower on a 1 MB note, at every keystroke):
  // the length less one for each surrogate pair.
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** Minutes to read: words / 200 rounded up, at least 1. */
export function readingTime(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

// The same set as the regular expression class \s.
function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
