// The notes screen's filter state (SPEC section 3): search text, chosen tags, sort (field and order) and date range.
import { type DateRange, DEFAULT_NOTE_SORT, type NoteSort } from '@private-notes/shared';

/** The list's order while searching: best match first (only offered while there is a search). */
export const RELEVANCE_SORT = 'relevance';
export type NotesSortChoice = NoteSort | typeof RELEVANCE_SORT;

export interface NotesFilterState {
  searchQuery: string;
  tags: string[];
  sortBy: NotesSortChoice;
  dateRange: DateRange;
}

/**
 * The next filter state, with the sort following the search: a search started from the default order ranks by
 * best match, and clearing it goes back to the default order. A sort the owner chose stays.
 */
export function withSearchSort(previous: NotesFilterState, next: NotesFilterState): NotesFilterState {
  const was = previous.searchQuery.trim() !== '';
  const is = next.searchQuery.trim() !== '';
  if (!was && is && next.sortBy === DEFAULT_NOTE_SORT) return { ...next, sortBy: RELEVANCE_SORT };
  if (!is && next.sortBy === RELEVANCE_SORT) return { ...next, sortBy: DEFAULT_NOTE_SORT };
  return next;
}

export const INITIAL_FILTERS: NotesFilterState = {
  searchQuery: '',
  tags: [],
  sortBy: DEFAULT_NOTE_SORT,
  dateRange: 'all',
};

export const SORT_LABELS: Record<NotesSortChoice, string> = {
  relevance: 'Best match',
  'updated-desc': 'Recently updated',
  'updated-asc': 'Least recently updated',
  'created-desc': 'Newest first',
  'created-asc': 'Oldest first',
  'title-asc': 'Title A–Z',
  'title-desc': 'Title Z–A',
};

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'All time',
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
};
