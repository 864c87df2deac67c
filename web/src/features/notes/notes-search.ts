// Search parameters of /notes: ?view={noteId} opens that note (SPEC section 2).
import { optionalPositiveInt } from '../../lib/search-params.ts';

export interface NotesSearch {
  view?: number | undefined;
}

export function validateNotesSearch(search: Record<string, unknown>): NotesSearch {
  return { view: optionalPositiveInt(search.view) };
}
