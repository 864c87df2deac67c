// The notes screen's filter state (SPEC section 3): search text, chosen tags, sort (field and order) and date range.
import { type DateRange, DEFAULT_NOTE_SORT, type NoteSort } from '@private-notes/shared';

export interface NotesFilterState {
  searchQuery: string;
  tags: string[];
  sortBy: NoteSort;
  dateRange: DateRange;
}

export const INITIAL_FILTERS: NotesFilterState = {
  searchQuery: '',
  tags: [],
  sortBy: DEFAULT_NOTE_SORT,
  dateRange: 'all',
};

export const SORT_LABELS: Record<NoteSort, string> = {
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
