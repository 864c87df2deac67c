// Client-side notes filtering (SPEC sections 2, 5, 9): search text, selected tags, date range on updatedAt.
import type { DateRange } from '../schemas/note.ts';
import { dateRangeStart } from './date-range.ts';

export interface FilterableNote {
  title: string;
  content: string;
  tags: readonly string[];
  updatedAt?: string | null;
}

export interface NoteFilters {
  search?: string | null;
  /** Every selected tag must be on the note (exact match). */
  tags?: readonly string[] | null;
  dateRange?: DateRange | null;
}

interface Prepared {
  title: string;
  content: string;
  tags: readonly string[];
  tagCount: number;
  haystack: string;
  updatedMs: number;
}

// Lowercased haystacks are kept per note object, so each keystroke in the search box scans 10,000 notes
// without lowercasing 10,000 bodies again. A note object edited in place is noticed and re-prepared.
const prepared = new WeakMap<object, Prepared>();

function prepare(note: FilterableNote): Prepared {
  const cached = prepared.get(note);
  if (
    cached &&
    cached.title === note.title &&
    cached.content === note.content &&
    cached.tags === note.tags &&
    cached.tagCount === note.tags.length
  ) {
    return cached;
  }
  const entry: Prepared = {
    title: note.title,
    content: note.content,
    tags: note.tags,
    tagCount: note.tags.length,
    haystack: `${note.title}\u0000${note.content}\u0000${note.tags.join('\u0000')}`.toLowerCase(),
    updatedMs: note.updatedAt ? Date.parse(note.updatedAt) : Number.NaN,
  };
  prepared.set(note, entry);
  return entry;
}

/** Whether any filter narrows the list (the sort order does not count). */
export function notesFiltersActive(filters: NoteFilters): boolean {
  return Boolean(filters.search?.trim()) || (filters.tags?.length ?? 0) > 0 || isRange(filters.dateRange);
}

// The last answer, so typing one more character searches only the notes that matched before: a note that
// contains 'need' also contains 'nee'. Reused only for the very same array (Dexie and React state hand out a
// new array on every change), the same tags and range, and a range start that did not move back in time.
let last: {
  notes: readonly FilterableNote[];
  tagsKey: string;
  range: string;
  start: number | null;
  query: string;
  result: readonly FilterableNote[];
} | null = null;

/**
 * The notes matching every filter, in input order: the search text (trimmed, case-insensitive, a substring
 * of the title, content or a tag), all selected tags, and updatedAt inside the date range.
 */
export function filterNotes<T extends FilterableNote>(
  notes: readonly T[],
  filters: NoteFilters,
  now: Date | number = Date.now(),
): T[] {
  const query = filters.search?.trim().toLowerCase() ?? '';
  const tags = filters.tags ?? [];
  const range = isRange(filters.dateRange) ? filters.dateRange : 'all';
  const start = range === 'all' ? null : (dateRangeStart(range, now)?.getTime() ?? null);
  if (!query && tags.length === 0 && start === null) return notes.slice();
  const tagsKey = tags.join('\u0000');
  const narrows =
    last !== null &&
    last.notes === notes &&
    last.tagsKey === tagsKey &&
    last.range === range &&
    (start === null || (last.start !== null && start >= last.start)) &&
    query.includes(last.query);
  const candidates = (narrows ? last!.result : notes) as readonly T[];
  const out: T[] = [];
  for (const note of candidates) {
    if (tags.length > 0 && !tags.every((t) => note.tags.includes(t))) continue;
    const entry = query || start !== null ? prepare(note) : null;
    if (entry && start !== null && !(entry.updatedMs >= start)) continue;
    if (entry && query && !entry.haystack.includes(query)) continue;
    out.push(note);
  }
  // A copy: the caller owns `out` and may sort or trim it.
  last = { notes, tagsKey, range, start, query, result: out.slice() };
  return out;
}

function isRange(range: DateRange | null | undefined): range is 'week' | 'month' | 'year' {
  return range === 'week' || range === 'month' || range === 'year';
}
