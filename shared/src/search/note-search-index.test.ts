import { describe, expect, it } from 'vitest';
import { NoteSearchIndex, type SearchableNote } from './note-search-index.ts';
import { parseSearchQuery } from './parse-search-query.ts';
import { passesTextChecks } from './text-checks.ts';

function indexOf(notes: Array<Omit<SearchableNote<string>, 'tags'> & { tags?: readonly string[] }>) {
  const index = NoteSearchIndex.create<string>();
  for (const note of notes) index.put({ tags: [], ...note });
  return index;
}

function ids(index: NoteSearchIndex<string>, q: string, notes?: Map<string, SearchableNote<string>>) {
  const query = parseSearchQuery(q);
  const hits = index.search(query) ?? [];
  return hits.filter((h) => !notes || passesTextChecks(notes.get(h.id)!, query)).map((h) => h.id);
}

describe('NoteSearchIndex', () => {
  it('forgives one wrong or missing letter in words of five letters or more', () => {
    const index = indexOf([
      { id: 'a', title: 'Field notes', content: 'The velquarin bloomed early.' },
      { id: 'b', title: 'Other', content: 'Nothing here.' },
    ]);
    expect(ids(index, 'velquerin ')).toEqual(['a']);
    expect(ids(index, 'velqarin ')).toEqual(['a']);
    // Four letters must be exact: 'nite' is not 'note'.
    expect(ids(index, 'nite ')).toEqual([]);
  });

  it('finds words in any order, all of them required', () => {
    const index = indexOf([
      { id: 'a', title: 'Breakfast', content: 'Marmalade on toast while the harpsichord plays.' },
      { id: 'b', title: 'Music', content: 'The harpsichord alone.' },
    ]);
    expect(ids(index, 'harpsichord marmalade')).toEqual(['a']);
  });

  it('folds case and accents both ways', () => {
    const index = indexOf([
      { id: 'a', title: 'Café list', content: 'A naïve plan.' },
      { id: 'b', title: 'cafe', content: 'naive' },
    ]);
    expect(ids(index, 'cafe').sort()).toEqual(['a', 'b']);
    expect(ids(index, 'CAFÉ').sort()).toEqual(['a', 'b']);
    expect(ids(index, 'naive ').sort()).toEqual(['a', 'b']);
  });

  it('finds two-character and one-character CJK words inside longer runs', () => {
    const index = indexOf([
      { id: 'a', title: '旅行', content: '明日は東京都へ行きます。' },
      { id: 'b', title: '料理', content: '京都の料理' },
    ]);
    expect(ids(index, '東京')).toEqual(['a']);
    expect(ids(index, '京都').sort()).toEqual(['a', 'b']);
    expect(ids(index, '東京都')).toEqual(['a']);
    expect(ids(index, '都').sort()).toEqual(['a', 'b']);
  });

  it('ranks a note titled with the word above notes that only mention it', () => {
    const notes: Array<SearchableNote<string>> = [];
    for (let i = 0; i < 4; i++) {
      notes.push({
        id: `m${i}`,
        title: `Meeting ${i}`,
        content: `Long notes about many things, and photosynthesis once. ${'Filler text. '.repeat(20)}`,
        tags: [],
      });
    }
    notes.push({ id: 't', title: 'Photosynthesis', content: 'How plants make sugar from light.', tags: [] });
    const index = indexOf(notes);
    expect(ids(index, 'photosynthesis')[0]).toBe('t');
  });

  it('matches the word being typed as a prefix, and a word inside a longer word', () => {
    const index = indexOf([{ id: 'a', title: 'Mitochondria', content: 'Powerhouse of the cell.' }]);
    expect(ids(index, 'mitoch')).toEqual(['a']);
    expect(ids(index, 'house')).toEqual(['a']);
    expect(ids(index, 'chond')).toEqual(['a']);
  });

  it('understands phrases, exclusions and tags', () => {
    const list: Array<SearchableNote<string>> = [
      { id: 'a', title: 'Cell', content: 'The cell membrane is thin.', tags: ['Biology'] },
      { id: 'b', title: 'Membrane', content: 'A thin cell wall and membrane of the cell.', tags: ['plants'] },
      { id: 'c', title: 'Prison', content: 'A cell block.', tags: ['history', 'machine learning'] },
    ];
    const index = indexOf(list);
    const byId = new Map(list.map((n) => [n.id, n]));
    expect(ids(index, '"cell membrane"', byId)).toEqual(['a']);
    expect(ids(index, 'cell -membrane', byId)).toEqual(['c']);
    expect(ids(index, 'cell -"cell membrane"', byId).sort()).toEqual(['b', 'c']);
    expect(ids(index, 'cell tag:biology', byId)).toEqual(['a']);
    expect(ids(index, 'tag:"machine learning"', byId)).toEqual(['c']);
    expect(ids(index, 'cell -tag:plants', byId).sort()).toEqual(['a', 'c']);
  });

  it('keeps up with edits and deletes, and survives a round trip through JSON', () => {
    const index = indexOf([{ id: 'a', title: 'Tomatoes', content: 'red' }]);
    index.put({ id: 'a', title: 'Potatoes', content: 'brown', tags: [] });
    expect(ids(index, 'tomatoes ')).toEqual([]);
    expect(ids(index, 'potatoes ')).toEqual(['a']);
    index.put({ id: 'b', title: 'Carrots', content: 'orange', tags: ['veg'] });
    index.remove('a');
    const copy = NoteSearchIndex.load<string>(structuredClone(index.save()));
    expect(copy.size).toBe(1);
    expect(ids(copy, 'carrots ')).toEqual(['b']);
    expect(ids(copy, 'tag:veg')).toEqual(['b']);
    expect(ids(copy, 'potatoes ')).toEqual([]);
  });

  it('answers null for an empty query', () => {
    expect(indexOf([]).search(parseSearchQuery('   '))).toBeNull();
  });
});
