// A compact inverted index for notes: postings in typed arrays rather than one object per (word, note), so
// 50,000 notes of 2 KB fit in tens of megabytes, save as a few typed arrays (IndexedDB stores them as they are)
// and load without re-reading a single note. Scores are BM25 over three weighted fields. Words are found
// exactly, by prefix, inside longer words, or one edit away; which of those a query asks for is decided by
// note-search-index.ts.

/** What one indexed note contributes: its words per field (already folded and split). */
export interface IndexedFields {
  title: readonly string[];
  content: readonly string[];
  tags: readonly string[];
}

/** Scores of one query part: `scores[doc] > 0` for every document in `docs`. */
export interface Scores {
  docs: number[];
  scores: Float64Array;
}

export interface SavedCompactIndex {
  format: 1;
  ids: Array<string | number | null>;
  stamps: Array<string | null>;
  tags: Array<string | null>;
  lengths: Uint32Array; // 3 per document: title, content, tags
  terms: string[];
  postingOffsets: Uint32Array; // terms.length + 1
  postings: Uint32Array; // pairs: document number, packed frequencies
  docTermOffsets: Uint32Array; // ids.length + 1
  docTerms: Uint32Array;
}

const K1 = 1.2;
const B = 0.75;
const FIELD_COUNT = 3;

function packFrequencies(title: number, content: number, tags: number): number {
  return (Math.min(title, 255) << 24) | (Math.min(tags, 255) << 16) | Math.min(content, 65535);
}

function fieldScore(tf: number, length: number, average: number, boost: number): number {
  return tf === 0 ? 0 : (boost * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
}

class Growable {
  data: Uint32Array;
  length = 0;
  constructor(initial: Uint32Array | number = 4) {
    if (typeof initial === 'number') this.data = new Uint32Array(initial);
    else {
      this.data = initial;
      this.length = initial.length;
    }
  }
  push2(a: number, b: number): void {
    if (this.length + 2 > this.data.length) {
      const next = new Uint32Array(Math.max(4, this.data.length * 2));
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
  }
}

export class CompactIndex<Id extends string | number = string | number> {
  #ids: Array<Id | null> = [];
  #stamps: Array<string | null> = [];
  #tags: Array<string | null> = [];
  #lengths: number[] = [];
  #docOf = new Map<Id, number>();
  #docTerms: Array<Uint32Array | null> = [];
  #termIds = new Map<string, number>();
  #terms: string[] = [];
  #postings: Growable[] = [];
  /** Live documents holding each term (postings also hold removed documents until compaction). */
  #df: number[] = [];
  #live = 0;
  #dead = 0;
  #fieldTotals = [0, 0, 0];
  #sorted: string[] | null = null;

  get size(): number {
    return this.#live;
  }

  has(id: Id): boolean {
    return this.#docOf.has(id);
  }

  /** The stamp saved with a note (its updatedAt), so a loaded index can tell which notes changed since. */
  stampOf(id: Id): string | null {
    const doc = this.#docOf.get(id);
    return doc === undefined ? null : (this.#stamps[doc] ?? null);
  }

  ids(): IterableIterator<Id> {
    return this.#docOf.keys();
  }

  put(id: Id, fields: IndexedFields, stamp: string | null, tags: string): void {
    this.remove(id);
    const doc = this.#ids.length;
    this.#ids.push(id);
    this.#stamps.push(stamp);
    this.#tags.push(tags);
    this.#docOf.set(id, doc);
    const counts = new Map<number, [number, number, number]>();
    const lists = [fields.title, fields.content, fields.tags];
    for (let f = 0; f < FIELD_COUNT; f++) {
      for (const term of lists[f]!) {
        const termId = this.#termId(term);
        let c = counts.get(termId);
        if (!c) {
          c = [0, 0, 0];
          counts.set(termId, c);
        }
        c[f]!++;
      }
      this.#lengths.push(lists[f]!.length);
      this.#fieldTotals[f]! += lists[f]!.length;
    }
    const termsOfDoc = new Uint32Array(counts.size);
    let i = 0;
    for (const [termId, [t, c, g]] of counts) {
      this.#postings[termId]!.push2(doc, packFrequencies(t, c, g));
      this.#df[termId]!++;
      termsOfDoc[i++] = termId;
    }
    this.#docTerms.push(termsOfDoc);
    this.#live++;
  }

  remove(id: Id): void {
    const doc = this.#docOf.get(id);
    if (doc === undefined) return;
    this.#docOf.delete(id);
    this.#ids[doc] = null;
    this.#stamps[doc] = null;
    this.#tags[doc] = null;
    for (const termId of this.#docTerms[doc] ?? []) this.#df[termId]!--;
    this.#docTerms[doc] = null;
    for (let f = 0; f < FIELD_COUNT; f++) this.#fieldTotals[f]! -= this.#lengths[doc * FIELD_COUNT + f]!;
    this.#live--;
    this.#dead++;
    // Removed notes stay in the postings until they are a third of them; then everything is packed anew.
    if (this.#dead > 1000 && this.#dead > this.#live / 2) this.compact();
  }

  #termId(term: string): number {
    let id = this.#termIds.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#termIds.set(term, id);
      this.#terms.push(term);
      this.#postings.push(new Growable());
      this.#df.push(0);
      this.#sorted = null;
    }
    return id;
  }

  /** Document frequency of a word (0 when no live note holds it). */
  df(term: string): number {
    const id = this.#termIds.get(term);
    return id === undefined ? 0 : this.#df[id]!;
  }

  /** Every indexed word with at least one live note, sorted (for prefix look-ups). */
  sortedTerms(): readonly string[] {
    if (this.#sorted === null) {
      this.#sorted = this.#terms.filter((_, id) => this.#df[id]! > 0).sort();
    }
    return this.#sorted;
  }

  /** Words starting with `prefix`, through a binary search of the sorted words. */
  termsWithPrefix(prefix: string): string[] {
    const sorted = this.sortedTerms();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  }

  /** All live words passing `test`. */
  termsWhere(test: (term: string) => boolean): string[] {
    return this.sortedTerms().filter(test);
  }

  /** The tags stored with a note (folded, NUL-separated). */
  tagsOf(doc: number): string {
    return this.#tags[doc] ?? '';
  }

  idOf(doc: number): Id | null {
    return this.#ids[doc] ?? null;
  }

  /**
   * BM25 score of every live note holding at least one of `terms`, each term's score multiplied by its
   * weight, and the field scores by `boost` (title, content, tags). Scores are kept in an array indexed by
   * document number (positive for the notes found, listed in `docs`): far cheaper than a map per query.
   */
  scoreAny(
    terms: ReadonlyArray<{ term: string; weight: number }>,
    boost: readonly [number, number, number],
  ): Scores {
    const scores = new Float64Array(this.#ids.length);
    const docs: number[] = [];
    const n = this.#live;
    const avg = this.#fieldTotals.map((total) => (n > 0 ? Math.max(total / n, 1) : 1));
    const lengths = this.#lengths;
    const ids = this.#ids;
    for (const { term, weight } of terms) {
      const termId = this.#termIds.get(term);
      if (termId === undefined) continue;
      const df = this.#df[termId]!;
      if (df === 0) continue;
      const factor = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * weight;
      const list = this.#postings[termId]!;
      const data = list.data;
      for (let i = 0; i < list.length; i += 2) {
        const doc = data[i]!;
        if (ids[doc] === null) continue;
        const packed = data[i + 1]!;
        const base = doc * FIELD_COUNT;
        const s =
          fieldScore(packed >>> 24, lengths[base]!, avg[0]!, boost[0]) +
          fieldScore(packed & 0xffff, lengths[base + 1]!, avg[1]!, boost[1]) +
          fieldScore((packed >>> 16) & 0xff, lengths[base + 2]!, avg[2]!, boost[2]);
        if (scores[doc] === 0) docs.push(doc);
        scores[doc]! += factor * s;
      }
    }
    return { docs, scores };
  }

  /** Every live document number. */
  liveDocs(): number[] {
    const out: number[] = [];
    for (const doc of this.#docOf.values()) out.push(doc);
    return out;
  }

  /** Packs postings and document numbers anew without removed notes. */
  compact(): void {
    const saved = this.save();
    const fresh = CompactIndex.load<Id>(saved);
    this.#ids = fresh.#ids;
    this.#stamps = fresh.#stamps;
    this.#tags = fresh.#tags;
    this.#lengths = fresh.#lengths;
    this.#docOf = fresh.#docOf;
    this.#docTerms = fresh.#docTerms;
    this.#termIds = fresh.#termIds;
    this.#terms = fresh.#terms;
    this.#postings = fresh.#postings;
    this.#df = fresh.#df;
    this.#live = fresh.#live;
    this.#dead = 0;
    this.#fieldTotals = fresh.#fieldTotals;
    this.#sorted = null;
  }

  /** A copy made of plain arrays and typed arrays, without removed notes or unused words. */
  save(): SavedCompactIndex {
    const docMap = new Int32Array(this.#ids.length).fill(-1);
    const ids: Array<Id> = [];
    const stamps: Array<string | null> = [];
    const tags: Array<string | null> = [];
    const lengths: number[] = [];
    this.#ids.forEach((id, doc) => {
      if (id === null) return;
      docMap[doc] = ids.length;
      ids.push(id);
      stamps.push(this.#stamps[doc] ?? null);
      tags.push(this.#tags[doc] ?? null);
      for (let f = 0; f < FIELD_COUNT; f++) lengths.push(this.#lengths[doc * FIELD_COUNT + f]!);
    });
    const termMap = new Int32Array(this.#terms.length).fill(-1);
    const terms: string[] = [];
    let postingTotal = 0;
    this.#terms.forEach((term, id) => {
      if (this.#df[id]! === 0) return;
      termMap[id] = terms.length;
      terms.push(term);
      postingTotal += this.#df[id]! * 2;
    });
    const postingOffsets = new Uint32Array(terms.length + 1);
    const postings = new Uint32Array(postingTotal);
    let at = 0;
    this.#terms.forEach((_, id) => {
      const newId = termMap[id]!;
      if (newId < 0) return;
      postingOffsets[newId] = at;
      const list = this.#postings[id]!;
      for (let i = 0; i < list.length; i += 2) {
        const doc = docMap[list.data[i]!]!;
        if (doc < 0) continue;
        postings[at++] = doc;
        postings[at++] = list.data[i + 1]!;
      }
    });
    postingOffsets[terms.length] = at;
    const docTermOffsets = new Uint32Array(ids.length + 1);
    let termTotal = 0;
    this.#docTerms.forEach((list, doc) => {
      if (docMap[doc]! >= 0) termTotal += list?.length ?? 0;
    });
    const docTerms = new Uint32Array(termTotal);
    let d = 0;
    this.#docTerms.forEach((list, doc) => {
      const newDoc = docMap[doc]!;
      if (newDoc < 0) return;
      docTermOffsets[newDoc] = d;
      for (const termId of list ?? []) docTerms[d++] = termMap[termId]!;
    });
    docTermOffsets[ids.length] = d;
    return {
      format: 1,
      ids,
      stamps,
      tags,
      lengths: Uint32Array.from(lengths),
      terms,
      postingOffsets,
      postings,
      docTermOffsets,
      docTerms,
    };
  }

  static load<Id extends string | number>(saved: SavedCompactIndex): CompactIndex<Id> {
    if (saved.format !== 1) throw new Error('Unknown search index format');
    const index = new CompactIndex<Id>();
    index.#ids = saved.ids as Array<Id | null>;
    index.#stamps = saved.stamps;
    index.#tags = saved.tags;
    index.#lengths = Array.from(saved.lengths);
    saved.ids.forEach((id, doc) => {
      if (id !== null) index.#docOf.set(id as Id, doc);
    });
    index.#live = index.#docOf.size;
    for (let doc = 0; doc < saved.ids.length; doc++) {
      index.#docTerms.push(
        saved.docTerms.subarray(saved.docTermOffsets[doc]!, saved.docTermOffsets[doc + 1]!),
      );
      for (let f = 0; f < FIELD_COUNT; f++) index.#fieldTotals[f]! += saved.lengths[doc * FIELD_COUNT + f]!;
    }
    saved.terms.forEach((term, id) => {
      index.#termIds.set(term, id);
      index.#terms.push(term);
      // A view into the loaded buffer; the first note added to this word copies it into a list of its own.
      const list = new Growable(
        saved.postings.subarray(saved.postingOffsets[id]!, saved.postingOffsets[id + 1]!),
      );
      index.#postings.push(list);
      index.#df.push(list.length / 2);
    });
    return index;
  }
}
