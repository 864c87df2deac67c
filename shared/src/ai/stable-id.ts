// Ids that stay the same when the same thing is generated again (FNV-1a, 32 bits, base 36), so regenerating
// flashcards for an unchanged note keeps each card's id and therefore its review history.

export function stableId(prefix: string, ...parts: (string | number)[]): string {
  let hash = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(36)}`;
}
