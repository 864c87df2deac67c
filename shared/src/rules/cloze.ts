// Cloze deletions (`{{c1::answer}}` or `{{c1::answer::hint}}`) in a hand-made card's text. Each deletion number
// is one card (see docs/decisions/card-editing.md): card c1's front blanks every c1 deletion and shows the
// others as plain text; its back shows the whole text with c1's deletions marked.

const CLOZE = /\{\{c(\d{1,2})::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

export const CLOZE_BLANK = '[…]';
export const CLOZE_MISSING =
  'Mark at least one deletion with {{c1::…}}, for example: The capital of France is {{c1::Paris}}.';

/** A piece of a cloze card's face: plain text, a blank (front) or a revealed deletion (back). */
export interface ClozePart {
  text: string;
  kind: 'text' | 'blank' | 'revealed';
}

/** The deletion numbers in the text, ascending, each once. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(CLOZE)) {
    const n = Number(match[1]);
    if (n >= 1 && match[2]!.trim() !== '') numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** The card's face for deletion `n`: on the front its deletions are blanks (or their hint), on the back marked. */
export function clozeParts(text: string, n: number, side: 'front' | 'back'): ClozePart[] {
  const parts: ClozePart[] = [];
  let last = 0;
  const push = (part: ClozePart) => {
    if (part.text === '') return;
    const previous = parts[parts.length - 1];
    if (previous && previous.kind === 'text' && part.kind === 'text') previous.text += part.text;
    else parts.push(part);
  };
  for (const match of text.matchAll(CLOZE)) {
    push({ text: text.slice(last, match.index), kind: 'text' });
    const [, number, answer = '', hint] = match;
    if (Number(number) !== n) push({ text: answer, kind: 'text' });
    else if (side === 'front') push({ text: hint?.trim() ? `[${hint.trim()}]` : CLOZE_BLANK, kind: 'blank' });
    else push({ text: answer, kind: 'revealed' });
    last = match.index + match[0].length;
  }
  push({ text: text.slice(last), kind: 'text' });
  return parts;
}

/** The face as plain text (screen-reader names, lists): blanks as `[…]`, revealed text as it is. */
export function clozeText(text: string, n: number, side: 'front' | 'back'): string {
  return clozeParts(text, n, side)
    .map((part) => part.text)
    .join('');
}

/** What card `n` asks for: its deletions' text, in order, joined. */
export function clozeAnswer(text: string, n: number): string {
  return clozeParts(text, n, 'back')
    .filter((part) => part.kind === 'revealed')
    .map((part) => part.text.trim())
    .join(', ');
}
