// Which empty state the notes screen shows (SPEC section 2), from the counts and the active filters.

export type NotesEmptyState = 'no-search-results' | 'no-tag-results' | 'no-filter-results' | 'no-notes';

export interface NotesEmptyStateInput {
  /** Notes before filtering. */
  total: number;
  /** Notes after filtering; when more than 0 there is no empty state. Defaults to 0. */
  shown?: number;
  search?: string | null;
  /** The chosen tag(s): either form works. */
  tag?: string | null;
  tags?: readonly string[] | null;
  /** Whether any other filter (the date range) narrows the list. */
  filtersActive?: boolean;
}

/**
 * null while notes are shown. Otherwise the search explains the empty list first, then the tag, then other
 * filters; with nothing narrowing the list it is 'no-notes'.
 */
export function notesEmptyState(input: NotesEmptyStateInput): NotesEmptyState | null {
  if ((input.shown ?? 0) > 0) return null;
  if (input.search?.trim()) return 'no-search-results';
  if (input.tag?.trim() || (input.tags?.length ?? 0) > 0) return 'no-tag-results';
  if (input.filtersActive && input.total > 0) return 'no-filter-results';
  return 'no-notes';
}
