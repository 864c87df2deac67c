// The browser's search index over the local notes (no React, no worker: search-worker.ts hosts it). The index is
// kept in IndexedDB and loaded on start; only notes whose updatedAt differs from what was indexed are read and
// indexed again, so a reload never re-reads 10,000 notes to search them. Saved again a little after changes.

import { fuzzyTitleScore, isLockedNoteText, parseSearchQuery } from '@private-notes/shared';
import {
  NoteSearchIndex,
  type SavedSearchIndex,
  type SearchHit,
} from '@private-notes/shared/search/note-search-index';
import type { NotesDatabase } from '../../db/notes-database.ts';

/** The row the index is saved in (table searchIndex). */
export const SEARCH_INDEX_KEY = 'notes';
/** Notes read per IndexedDB transaction while (re)indexing. */
const BATCH = 500;

export interface SearchIndexRow {
  key: string;
  index: SavedSearchIndex;
  /** Title and updatedAt of every indexed note, for the quick switcher. */
  titles: Array<[string, string, string]>;
  savedAt: string;
}

export interface TitleMatch {
  id: string;
  title: string;
}

export class NotesSearchEngine {
  readonly #db: NotesDatabase;
  #index: NoteSearchIndex<string> | null = null;
  #titles = new Map<string, { title: string; updatedAt: string }>();
  #dirty = false;

  constructor(db: NotesDatabase) {
    this.#db = db;
  }

  get ready(): boolean {
    return this.#index !== null;
  }

  get size(): number {
    return this.#index?.size ?? 0;
  }

  /** Loads the saved index (a damaged or missing one is rebuilt), then brings it up to date. */
  async start(): Promise<void> {
    let index: NoteSearchIndex<string> | null = null;
    try {
      const row = (await this.#db.searchIndex.get(SEARCH_INDEX_KEY)) as SearchIndexRow | undefined;
      if (row) {
        index = NoteSearchIndex.load<string>(row.index);
        this.#titles = new Map(row.titles.map(([id, title, updatedAt]) => [id, { title, updatedAt }]));
      }
    } catch {
      index = null;
    }
    this.#index = null;
    const building = index ?? NoteSearchIndex.create<string>();
    if (!index) this.#titles.clear();
    await this.#catchUp(building);
    this.#index = building;
  }

  /** Indexes what changed in the notes table since the last look; returns how many notes changed. */
  async refresh(): Promise<number> {
    if (!this.#index) return 0;
    return this.#catchUp(this.#index);
  }

  async #catchUp(index: NoteSearchIndex<string>): Promise<number> {
    const stamps = new Map<string, string>();
    await this.#db.notes.orderBy('updatedAt').eachKey((updatedAt, cursor) => {
      stamps.set(cursor.primaryKey as string, String(updatedAt));
    });
    for (const id of await this.#db.notes.where('deleted').equals(1).primaryKeys()) stamps.delete(id);
    let changed = 0;
    for (const id of [...index.ids()]) {
      if (!stamps.has(id)) {
        index.remove(id);
        this.#titles.delete(id);
        changed++;
      }
    }
    const stale = [...stamps].filter(([id, stamp]) => index.stampOf(id) !== stamp).map(([id]) => id);
    for (let i = 0; i < stale.length; i += BATCH) {
      const notes = await this.#db.notes.bulkGet(stale.slice(i, i + BATCH));
      for (const note of notes) {
        if (!note || note.deleted) continue;
        // A locked note's stored text is ciphertext: indexed as empty (unlocked ones are searched in memory).
        const locked = isLockedNoteText(note.content);
        index.put(locked ? { ...note, content: '' } : note, note.updatedAt);
        if (locked) this.#titles.delete(note.id);
        else this.#titles.set(note.id, { title: note.title, updatedAt: note.updatedAt });
        changed++;
      }
    }
    if (changed > 0) this.#dirty = true;
    return changed;
  }

  /** Ranked hits for the search box's text; null while the index is not ready or the query is empty. */
  search(text: string): SearchHit<string>[] | null {
    if (!this.#index) return null;
    return this.#index.search(parseSearchQuery(text));
  }

  /** Notes whose title fuzzily matches `text`, best first (recent first when empty). */
  titles(text: string, limit = 20): TitleMatch[] {
    const scored: Array<{ id: string; title: string; score: number; updatedAt: string }> = [];
    for (const [id, { title, updatedAt }] of this.#titles) {
      const score = text.trim() ? fuzzyTitleScore(text, title) : 0;
      if (score !== null) scored.push({ id, title, score, updatedAt });
    }
    scored.sort((a, b) => b.score - a.score || b.updatedAt.localeCompare(a.updatedAt));
    return scored.slice(0, limit).map(({ id, title }) => ({ id, title }));
  }

  /** Writes the index to IndexedDB when it changed since the last save. */
  async save(): Promise<boolean> {
    if (!this.#index || !this.#dirty) return false;
    this.#dirty = false;
    const row: SearchIndexRow = {
      key: SEARCH_INDEX_KEY,
      index: this.#index.save(),
      titles: [...this.#titles].map(([id, { title, updatedAt }]) => [id, title, updatedAt]),
      savedAt: new Date().toISOString(),
    };
    await this.#db.searchIndex.put(row);
    return true;
  }
}
