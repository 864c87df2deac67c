// Ranked search for `GET /api/notes?search=`: the same index and rules as the browser's search (shared/search),
// one index per user kept in memory and brought up to date on each search from the notes whose change sequence
// moved since the last one, so only the first search after a start reads every note.
import { parseSearchQuery, passesTextChecks } from '@private-notes/shared';
import { NoteSearchIndex } from '@private-notes/shared/search/note-search-index';
import type { NoteRecord } from '../storage/index.ts';

interface UserIndex {
  index: NoteSearchIndex<number>;
  /** The note ids indexed, with the change sequence each was indexed at. */
  seqs: Map<number, number>;
}

export class NoteSearch {
  readonly #users = new Map<number, UserIndex>();

  /**
   * The ids of `notes` (all of one user's live notes) matching `text`, best first, after bringing the user's
   * index up to date with them. Null for a query with nothing to search for.
   */
  rank(userId: number, notes: readonly NoteRecord[], text: string): number[] | null {
    const query = parseSearchQuery(text);
    const user = this.#catchUp(userId, notes);
    const hits = user.index.search(query);
    if (hits === null) return null;
    const byId = new Map(notes.map((note) => [note.id, note]));
    return hits.filter((hit) => passesTextChecks(byId.get(hit.id)!, query)).map((hit) => hit.id);
  }

  #catchUp(userId: number, notes: readonly NoteRecord[]): UserIndex {
    let user = this.#users.get(userId);
    if (!user) {
      user = { index: NoteSearchIndex.create<number>(), seqs: new Map() };
      this.#users.set(userId, user);
    }
    const live = new Set<number>();
    for (const note of notes) {
      live.add(note.id);
      if (user.seqs.get(note.id) === note.seq) continue;
      user.index.put(note);
      user.seqs.set(note.id, note.seq);
    }
    if (user.seqs.size > live.size || [...user.seqs.keys()].some((id) => !live.has(id))) {
      for (const id of [...user.seqs.keys()]) {
        if (live.has(id)) continue;
        user.index.remove(id);
        user.seqs.delete(id);
      }
    }
    return user;
  }
}
