// What rendered notes need to make [[links]] work: resolve a title to a note this device holds, open it,
// create a missing one, and find the notes that link to a note. Provided by the notes screen, which holds
// every note; outside it (a preview elsewhere) links render as plain text.
import { createContext, useContext } from 'react';
import type { LocalNote } from '../../db/types.ts';

export interface WikiLinks {
  resolve(title: string): string | null;
  open(noteId: string): void;
  create(title: string): void;
  /** The notes linking to `note` by its title, most recently updated first. */
  backlinks(note: LocalNote): LocalNote[];
  /**
   * Titles of locked notes readable now (the vault unlocked) containing `query`, for the editor's suggestions:
   * the search worker's index never holds a locked note's title, so they are matched here, in memory.
   */
  lockedTitles(query: string, limit: number): Array<{ id: string; title: string }>;
  /** Changes whenever a title could resolve differently, so rendered notes are rendered again. */
  version: number;
}

export const WikiLinkContext = createContext<WikiLinks | null>(null);

export function useWikiLinks(): WikiLinks | null {
  return useContext(WikiLinkContext);
}
