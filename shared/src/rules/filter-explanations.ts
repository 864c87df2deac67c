// The AI history search ('Search explanations...'), and when an answer is long enough to fold (SPEC 2, 9).

export const EXPLANATION_FOLD_CHARS = 200;

/** Explanations whose concept or text contains the trimmed search, case-insensitively; input order kept. */
export function filterExplanations<T extends { concept: string; explanation: string }>(
  explanations: readonly T[],
  search: string,
): T[] {
  const query = search.trim().toLowerCase();
  if (!query) return explanations.slice();
  return explanations.filter(
    (e) => e.concept.toLowerCase().includes(query) || e.explanation.toLowerCase().includes(query),
  );
}

/** The result is clamped to 4 lines with 'Read more' when longer than 200 characters. */
export function needsReadMore(explanation: string): boolean {
  return explanation.length > EXPLANATION_FOLD_CHARS;
}
