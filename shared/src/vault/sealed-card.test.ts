import { describe, expect, it } from 'vitest';
import { CardStateSchema } from '../schemas/card.ts';
import { cardSealing, openCard, sealCard } from './sealed-card.ts';
import { createVault } from './vault.ts';

const CHEAP = { cost: { memoryKiB: 8 * 1024, iterations: 1, parallelism: 1 } };

describe('sealed cards', async () => {
  const { vault } = await createVault('correct horse battery staple', CHEAP);
  const noteKey = vault.createNoteKey('n1');
  const card = {
    kind: 'flashcard' as const,
    id: 'fc-abc',
    noteId: 'n1',
    question: 'What is the marker?',
    answer: 'zebrafish',
    cloze: null,
    origin: 'generated' as const,
    edited: false,
    suspended: false,
  };

  it('seals every text field, keeps the rest plain, and opens back to the same card', () => {
    const sealed = sealCard(vault, noteKey, 'flashcard', card);
    expect(sealed.question).toMatch(/^pnenc\.1\.xc20p\./);
    expect(sealed.answer).toMatch(/^pnenc\.1\.xc20p\./);
    expect(JSON.stringify(sealed)).not.toContain('zebrafish');
    expect({ ...sealed, question: '', answer: '' }).toEqual({ ...card, question: '', answer: '' });
    expect(cardSealing('flashcard', sealed)).toBe('sealed');
    expect(cardSealing('flashcard', card)).toBe('plain');
    expect(cardSealing('flashcard', { ...sealed, answer: 'x' })).toBe('mixed');
    expect(openCard(vault, noteKey, 'flashcard', sealed)).toEqual(card);
    // The synced schema accepts it (a sealed text may be longer than a plain one).
    expect(
      CardStateSchema.parse(sealCard(vault, noteKey, 'flashcard', { ...card, answer: 'é'.repeat(5000) })),
    ).toBeTruthy();
    expect(CardStateSchema.safeParse({ ...card, answer: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('binds each text to its card and field: swapped or moved ciphertext does not open', () => {
    const sealed = sealCard(vault, noteKey, 'flashcard', card);
    expect(() => openCard(vault, noteKey, 'flashcard', { ...sealed, question: sealed.answer })).toThrow(
      /could not be decrypted|wrong|damaged/i,
    );
    expect(() => openCard(vault, noteKey, 'flashcard', { ...sealed, id: 'fc-other' })).toThrow();
    const other = vault.createNoteKey('n2');
    expect(() => openCard(vault, other, 'flashcard', sealed)).toThrow();
    expect(() => sealCard(vault, noteKey, 'flashcard', sealed)).toThrow(/already sealed/);
    expect(() => openCard(vault, noteKey, 'flashcard', { ...sealed, answer: 'plain' })).toThrow(/damaged/);
  });

  it('seals a key point, and nothing opens after the vault is locked', () => {
    const point = { id: 'kp-1', noteId: 'n1', content: 'The marker is zebrafish' };
    const sealed = sealCard(vault, noteKey, 'keyPoint', point);
    expect(sealed.content).not.toContain('zebrafish');
    expect(openCard(vault, noteKey, 'keyPoint', sealed)).toEqual(point);
    expect(() => sealCard(vault, noteKey, 'keyPoint', { ...point, id: 'bad id' })).toThrow(
      /cannot be sealed/,
    );
  });
});
