// The tag filter's choices: the union of the loaded notes' tags (SPEC section 5).

const tagCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Every distinct tag (exact spelling, since the tag filter is exact), sorted alphabetically. */
export function tagOptions(notes: readonly { tags: readonly string[] }[]): string[] {
  const all = new Set<string>();
  for (const note of notes) for (const tag of note.tags) if (tag.trim()) all.add(tag);
  return [...all].sort((a, b) => tagCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}
