// The notes screen's [[link]] resolver over every local note: titles matched case- and accent-insensitively
// (the most recently updated note wins a shared title), backlinks found by scanning the notes that contain "[[".
// The notes are the revealed ones: an unlocked locked note takes part in memory (its links resolve, it shows as a
// backlink); a locked note that cannot be read has an empty title and no "[[" in its ciphertext, so none of it does.
import { linksToTitle, titleKey } from '@private-notes/shared';
import { useMemo } from 'react';
import type { LocalNote } from '../../db/types.ts';
import type { WikiLinks } from './wiki-link-context.ts';

let versions = 0;

export function useWikiLinkIndex(
  notes: LocalNote[] | undefined,
  actions: { open(noteId: string): void; create(title: string): void },
): WikiLinks {
  const { open, create } = actions;
  return useMemo(() => wikiLinkIndex(notes ?? [], { open, create }), [notes, open, create]);
}

/** The index itself, over the notes as the screen shows them (revealed while the vault is unlocked). */
export function wikiLinkIndex(
  notes: readonly LocalNote[],
  { open, create }: { open(noteId: string): void; create(title: string): void },
): WikiLinks {
  const byTitle = new Map<string, LocalNote>();
  const linking: LocalNote[] = [];
  const locked: LocalNote[] = [];
  for (const note of notes) {
    if (note.locked) locked.push(note);
    const key = titleKey(note.title);
    const known = byTitle.get(key);
    if (!known || known.updatedAt < note.updatedAt) byTitle.set(key, note);
    if (note.content.includes('[[')) linking.push(note);
  }
  return {
    resolve: (title) => byTitle.get(titleKey(title))?.id ?? null,
    open,
    create,
    backlinks: (note) =>
      linking
        .filter((other) => other.id !== note.id && linksToTitle(other.content, note.title))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    lockedTitles: (query, limit) => {
      const key = titleKey(query);
      return locked
        .filter((note) => titleKey(note.title).includes(key))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, limit)
        .map(({ id, title }) => ({ id, title }));
    },
    version: ++versions,
  };
}
