import { describe, expect, it } from 'vitest';
import { CARD_TEXT_MAX } from '../schemas/card.ts';
import { cardTextError, clozeTextError } from './card-input.ts';
import { CLOZE_MISSING } from './cloze.ts';

describe('card input', () => {
  it('needs text within the limit, naming the field', () => {
    expect(cardTextError('Question', '  ')).toBe('Question is required');
    expect(cardTextError('Answer', 'x'.repeat(CARD_TEXT_MAX + 1))).toBe(
      `Answer must be at most ${CARD_TEXT_MAX} characters`,
    );
    expect(cardTextError('Answer', 'Paris')).toBeNull();
  });

  it('needs a deletion in a cloze text, and its own number when a card is edited', () => {
    expect(clozeTextError('Paris is in France')).toBe(CLOZE_MISSING);
    expect(clozeTextError('{{c1::Paris}} is in {{c2::France}}')).toBeNull();
    expect(clozeTextError('{{c1::Paris}} is in France', 2)).toBe(
      'This card asks for deletion c2: keep a {{c2::…}} in the text',
    );
  });
});
