// Search parameters of /notes: ?view={noteId} opens that note (SPEC section 2); ?open={local id} opens a note
// this device holds (synced or not: the quick switcher and note links use it); ?new=1 starts a new note.
import { optionalPositiveInt } from '../../lib/search-params.ts';

export interface NotesSearch {
  view?: number | undefined;
  open?: string | undefined;
  new?: '1' | undefined;
}

const LOCAL_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function validateNotesSearch(search: Record<string, unknown>): NotesSearch {
  const open = typeof search.open === 'string' && LOCAL_ID_RE.test(search.open) ? search.open : undefined;
  const fresh = search.new === '1' || search.new === 1 ? '1' : undefined;
  return { view: optionalPositiveInt(search.view), open, new: fresh };
}
