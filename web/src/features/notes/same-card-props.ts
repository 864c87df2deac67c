// When a note card may skip rendering (NoteCard's memo): the same shown fields of the row, the same everything else.
import type { LocalNote } from '../../db/types.ts';
import type { NoteCardProps } from './NoteCard.tsx';

/** The fields a card shows or acts on: two rows equal in these render the same card. */
const SHOWN_FIELDS = [
  'id',
  'serverId',
  'version',
  'title',
  'content',
  'createdAt',
  'updatedAt',
  'deleted',
  'syncState',
  'syncError',
  'locked',
] as const satisfies readonly (keyof LocalNote)[];

function sameNote(a: LocalNote, b: LocalNote): boolean {
  if (a === b) return true;
  if (SHOWN_FIELDS.some((field) => a[field] !== b[field])) return false;
  return a.tags.length === b.tags.length && a.tags.every((tag, i) => tag === b.tags[i]);
}

/**
 * A card renders again only when what it shows changed: each read of the database gives new row objects (a
 * first sync reads the newest notes again after every page stored), and a Chakra card costs a few
 * milliseconds to render. The actions must be stable functions (NotesScreen keeps them so).
 */
export function sameCardProps(a: NoteCardProps, b: NoteCardProps): boolean {
  for (const key of Object.keys(a) as (keyof NoteCardProps)[]) {
    if (key !== 'note' && a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length && sameNote(a.note, b.note);
}
