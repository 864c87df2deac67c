// What a hand-written or edited card must hold (the card dialog checks it before saving, the card store again
// before writing): the same limits the server's card schema enforces, with messages naming the field.
import { CARD_TEXT_MAX } from '../schemas/card.ts';
import { CLOZE_MISSING, clozeNumbers } from './cloze.ts';

export function cardTextError(label: string, text: string): string | null {
  if (text.trim() === '') return `${label} is required`;
  if (text.trim().length > CARD_TEXT_MAX) return `${label} must be at most ${CARD_TEXT_MAX} characters`;
  return null;
}

/** The cloze text's problem, if any: it needs a non-empty deletion, and card `keep` (when editing) its own. */
export function clozeTextError(text: string, keep?: number): string | null {
  const empty = cardTextError('Text', text);
  if (empty) return empty;
  const numbers = clozeNumbers(text);
  if (numbers.length === 0) return CLOZE_MISSING;
  if (keep !== undefined && !numbers.includes(keep)) {
    return `This card asks for deletion c${keep}: keep a {{c${keep}::…}} in the text`;
  }
  return null;
}
