// What generating a note's cards again does to the cards it already has (docs/decisions/card-editing.md): the
// owner's cards stay (hand-made, edited, suspended), untouched generated cards the new set still has are kept
// under their id (so their review history stays) with the new text, the ones it no longer has go, and new ones
// come in. A generated card whose id matches one the owner kept does not replace it.

interface CardLike {
  id: string;
  origin?: 'generated' | 'manual';
  edited?: boolean;
  suspended?: boolean;
}

export interface RegenerationPlan<T> {
  /** Cards to write (new, or untouched generated ones whose text changed). */
  put: T[];
  /** Ids of untouched generated cards the new set no longer has. */
  remove: string[];
}

export function isOwnersCard(card: CardLike): boolean {
  return card.origin === 'manual' || card.edited === true || card.suspended === true;
}

export function planRegeneration<T extends CardLike>(
  existing: readonly T[],
  generated: readonly T[],
  same: (a: T, b: T) => boolean,
): RegenerationPlan<T> {
  const current = new Map(existing.map((card) => [card.id, card]));
  const fresh = new Set(generated.map((card) => card.id));
  const put: T[] = [];
  for (const card of generated) {
    const old = current.get(card.id);
    if (old && isOwnersCard(old)) continue;
    if (old && same(old, card)) continue;
    put.push(card);
  }
  const remove = existing.filter((card) => !isOwnersCard(card) && !fresh.has(card.id)).map((card) => card.id);
  return { put, remove };
}
