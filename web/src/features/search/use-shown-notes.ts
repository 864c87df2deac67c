// The notes the list shows for the filters: ranked by the search index while a search is typed (the index lives
// in a worker; until it is ready, or where workers are missing, the spec's substring filter answers), then the
// tag and date filters, in relevance order unless the owner picked another sort.
import { filterNotes, parseSearchQuery, passesTextChecks, sortNotes } from '@private-notes/shared';
import { useEffect, useMemo, useState } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { type NotesFilterState, RELEVANCE_SORT } from '../notes/notes-filter-state.ts';
import { type SearchAnswer, searchClient } from './search-client.ts';

const IDLE_START_MS = 8_000;

const isUnlockedLocked = (note: LocalNote) => note.locked === true;

export interface ShownNotes {
  shown: LocalNote[];
  /** Folded words to mark in each card's passage (empty when not searching). */
  terms: string[];
  /** The search text the list reflects (the index answers a moment after the keystroke). */
  answeredSearch: string;
}

function useSearchAnswer(text: string, notes: LocalNote[] | undefined) {
  const [answer, setAnswer] = useState<{ text: string; answer: SearchAnswer | null }>({
    text: '',
    answer: null,
  });
  const [readyCount, setReadyCount] = useState(0);
  useEffect(() => searchClient.onReady(() => setReadyCount((n) => n + 1)), []);
  // The index worker starts at the first search, or once the screen has been idle a while after it loaded, so
  // a first visit does not load it beside the screen itself.
  const loaded = notes !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'undefined') searchClient.start();
      else requestIdleCallback(() => searchClient.start(), { timeout: 5_000 });
    }, IDLE_START_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  // The list re-reads the notes once per burst of writes; the worker then indexes what changed.
  useEffect(() => {
    if (notes) searchClient.refresh();
  }, [notes]);
  // Searched again when the notes change or the index becomes ready, not only when the text does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: notes and readyCount are the triggers above
  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setAnswer({ text, answer: null });
      return;
    }
    searchClient.start();
    let current = true;
    void searchClient.search(text).then((result) => {
      if (current) setAnswer({ text, answer: result });
    });
    return () => {
      current = false;
    };
  }, [text, notes, readyCount]);
  return answer;
}

export function useShownNotes(
  notes: LocalNote[] | undefined,
  filters: NotesFilterState,
  search: string,
): ShownNotes {
  const answer = useSearchAnswer(search, notes);
  const sortBy = filters.sortBy === RELEVANCE_SORT ? null : filters.sortBy;
  const sorted = useMemo(() => (notes ? sortNotes(notes, sortBy ?? 'updated-desc') : []), [notes, sortBy]);
  // One array while the notes do not change: the filter then narrows its previous answer as the query grows,
  // instead of scanning every unlocked locked note at each keystroke (bench/locked-search.bench.ts).
  const unlockedLocked = useMemo(() => (notes ?? []).filter(isUnlockedLocked), [notes]);
  return useMemo(() => {
    const rest = { tags: filters.tags, dateRange: filters.dateRange };
    const ranked = answer.answer;
    if (!ranked || !notes) {
      // No index answer (yet): the substring filter over the search text as typed.
      return { shown: filterNotes(sorted, { search, ...rest }), terms: [], answeredSearch: search };
    }
    const query = parseSearchQuery(answer.text);
    const byId = new Map(notes.map((note) => [note.id, note]));
    const hits: LocalNote[] = [];
    for (const id of ranked.ids) {
      const note = byId.get(id);
      if (note && passesTextChecks(note, query) && !note.locked) hits.push(note);
    }
    // Unlocked locked notes are not in the device's index (it is stored): searched here, in memory only.
    hits.push(...filterNotes(unlockedLocked, { search: answer.text }));
    const filtered = filterNotes(hits, rest);
    return {
      shown: sortBy ? sortNotes(filtered, sortBy) : filtered,
      terms: ranked.terms,
      answeredSearch: answer.text,
    };
  }, [answer, notes, unlockedLocked, sorted, sortBy, search, filters.tags, filters.dateRange]);
}
