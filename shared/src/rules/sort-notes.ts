// The six notes sorts of SPEC section 9, done on the client.
import { z } from 'zod';

export const NOTE_SORTS = [
  'updated-desc',
  'updated-asc',
  'created-desc',
  'created-asc',
  'title-asc',
  'title-desc',
] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];
export const DEFAULT_NOTE_SORT: NoteSort = 'updated-desc';
/** For route search params: an unknown value falls back to the default sort. */
// Marked pure so a bundle that only sorts leaves zod out.
const NoteSortEnum = /* @__PURE__ */ z.enum(NOTE_SORTS);
export const NoteSortSchema = /* @__PURE__ */ NoteSortEnum.catch(DEFAULT_NOTE_SORT);

export interface SortableNote {
  title: string;
  createdAt?: string | null;
  updatedAt?: string | null;
}

// One collator for every comparison: localeCompare builds one per call, which dominates sorting 10,000 titles.
const titleCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** A sorted copy. Missing or invalid dates sort as the oldest; equal keys keep their input order. */
export function sortNotes<T extends SortableNote>(
  notes: readonly T[],
  sort: NoteSort = DEFAULT_NOTE_SORT,
): T[] {
  const order = sort.endsWith('-desc') ? -1 : 1;
  const indices = notes.map((_, i) => i);
  if (sort.startsWith('title')) {
    indices.sort((a, b) => order * titleCollator.compare(notes[a]!.title, notes[b]!.title) || a - b);
  } else {
    const field = sort.startsWith('created') ? 'createdAt' : 'updatedAt';
    const keys = notes.map((n) => timeOf(n[field]));
    indices.sort((a, b) => order * (keys[a]! - keys[b]!) || a - b);
  }
  return indices.map((i) => notes[i]!);
}

function timeOf(iso: string | null | undefined): number {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
