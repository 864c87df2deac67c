// Tags typed as one comma-separated text (note editor, post dialog) and back (SPEC sections 3 and 5).

/**
 * 'a, b,, c ' → ['a', 'b', 'c']: split on commas, trimmed, empty items dropped, duplicates dropped
 * case-insensitively keeping the first spelling.
 */
export function parseTags(input: string): string[] {
  return uniqueTags(input.split(','));
}

/** ['a', 'b'] → 'a, b', the text the tags field starts with when a note is edited. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** Trimmed, non-empty, first spelling of each tag kept (case-insensitive), order preserved. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/**
 * Adds suggested tags that are not already in the list (SPEC section 5: "Suggested tags are added only if
 * not already in the tag list"), comparing case-insensitively so 'react' does not join 'React'.
 */
export function mergeTags(existing: readonly string[], additions: readonly string[]): string[] {
  return uniqueTags([...existing, ...additions]);
}
