// Sentence ranking for key points and insights: TextRank over TF-IDF cosine similarity between sentences,
// nudged by structure (first sentences of sections, words shared with headings, emphasised terms).
import type { ParsedNote } from './parse-note.ts';
import { contentStems } from './tokenize.ts';

export interface RankedSentence {
  index: number;
  score: number;
}

export interface SentenceVectors {
  /** Sparse TF-IDF vector per sentence (stem → weight), unit length. */
  vectors: Map<string, number>[];
}

/** Above this many sentences the O(n²) graph is replaced by similarity to the note's centroid. */
const GRAPH_LIMIT = 500;
const DAMPING = 0.85;
const ITERATIONS = 30;
const CONVERGED = 1e-6;
const MIN_WORDS = 5;
const MAX_WORDS = 60;

export function sentenceVectors(note: ParsedNote): Map<string, number>[] {
  const stems = note.sentences.map((s) => contentStems(s.text));
  const df = new Map<string, number>();
  for (const list of stems) {
    for (const stem of new Set(list)) df.set(stem, (df.get(stem) ?? 0) + 1);
  }
  const n = stems.length;
  return stems.map((list) => {
    const tf = new Map<string, number>();
    for (const stem of list) tf.set(stem, (tf.get(stem) ?? 0) + 1);
    let norm = 0;
    for (const [stem, count] of tf) {
      const weight = (1 + Math.log(count)) * Math.log(1 + n / (df.get(stem) ?? 1));
      tf.set(stem, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [stem, weight] of tf) tf.set(stem, weight / norm);
    return tf;
  });
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [stem, weight] of small) {
    const other = large.get(stem);
    if (other !== undefined) dot += weight * other;
  }
  return dot;
}

/** Centrality of each sentence, before structural boosts. */
function centrality(vectors: Map<string, number>[]): Float64Array {
  const n = vectors.length;
  const scores = new Float64Array(n);
  if (n === 0) return scores;
  if (n > GRAPH_LIMIT) {
    const centroid = new Map<string, number>();
    for (const v of vectors) for (const [stem, w] of v) centroid.set(stem, (centroid.get(stem) ?? 0) + w);
    vectors.forEach((v, i) => {
      scores[i] = cosine(v, centroid);
    });
    return scores;
  }
  // Similarities through an inverted index: only sentences sharing a word are ever paired, which is
  // far cheaper than comparing every pair of sparse vectors.
  const postings = new Map<string, { sentences: number[]; weights: number[] }>();
  vectors.forEach((v, sentence) => {
    for (const [stem, weight] of v) {
      let list = postings.get(stem);
      if (!list) {
        list = { sentences: [], weights: [] };
        postings.set(stem, list);
      }
      list.sentences.push(sentence);
      list.weights.push(weight);
    }
  });
  const weights = new Float64Array(n * n);
  for (const { sentences, weights: ws } of postings.values()) {
    for (let a = 0; a < sentences.length; a++) {
      const i = sentences[a]!;
      const wi = ws[a]!;
      for (let b = a + 1; b < sentences.length; b++) {
        const j = sentences[b]!;
        const w = wi * ws[b]!;
        weights[i * n + j]! += w;
        weights[j * n + i]! += w;
      }
    }
  }
  // The graph as adjacency lists: most pairs share no word, and PageRank then touches only real edges.
  const neighbours: Int32Array[] = [];
  const edgeWeights: Float64Array[] = [];
  const outSum = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const ids: number[] = [];
    const ws: number[] = [];
    for (let i = 0; i < n; i++) {
      const w = weights[j * n + i]!;
      if (w !== 0) {
        ids.push(i);
        ws.push(w);
        outSum[j]! += w;
      }
    }
    neighbours.push(Int32Array.from(ids));
    edgeWeights.push(Float64Array.from(ws));
  }
  let rank = new Float64Array(n).fill(1 / n);
  for (let iter = 0; iter < ITERATIONS; iter++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n);
    for (let j = 0; j < n; j++) {
      const out = outSum[j]!;
      if (out === 0) continue;
      const share = (DAMPING * rank[j]!) / out;
      const ids = neighbours[j]!;
      const ws = edgeWeights[j]!;
      for (let k = 0; k < ids.length; k++) next[ids[k]!]! += ws[k]! * share;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i]! - rank[i]!);
    rank = next;
    if (delta < CONVERGED) break;
  }
  return rank;
}

/** Every sentence that can stand alone as a point, best first. */
export function rankSentences(note: ParsedNote, vectors = sentenceVectors(note)): RankedSentence[] {
  const base = centrality(vectors);
  const headingStems = note.sections.map((s) => new Set(s.heading ? contentStems(s.heading) : []));
  const emphasisedIn = new Set(note.emphasised.map((e) => e.sentence));
  const ranked: RankedSentence[] = [];
  for (const sentence of note.sentences) {
    const words = sentence.text.split(/\s+/).length;
    if (words < MIN_WORDS || words > MAX_WORDS) continue;
    // A question or a fragment ending in ':' introduces a point; it is not one.
    if (/[?:]$/.test(sentence.text)) continue;
    let boost = 1;
    if (sentence.positionInBlock === 0 && !sentence.fromList) boost += 0.15;
    if (sentence.index < 3) boost += 0.1;
    const heading = headingStems[sentence.section];
    if (heading && heading.size > 0) {
      let shared = 0;
      for (const stem of vectors[sentence.index]!.keys()) if (heading.has(stem)) shared++;
      boost += Math.min(shared, 2) * 0.1;
    }
    if (emphasisedIn.has(sentence.index)) boost += 0.15;
    // A fragment ("500 g bread flour", "Attendees: Priya, Tom") is data, not a point; full sentences count.
    if (!/[.!]["'”’)]*$/.test(sentence.text)) boost -= 0.35;
    ranked.push({ index: sentence.index, score: base[sentence.index]! * boost });
  }
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index);
}

/**
 * Picks up to `limit` sentences by rank, skipping near-duplicates of ones already picked (maximal marginal
 * relevance with a hard similarity ceiling), so five key points are five different points.
 */
export function pickDiverse(
  ranked: RankedSentence[],
  vectors: Map<string, number>[],
  limit: number,
  preselected: number[] = [],
): number[] {
  const picked = [...preselected];
  for (const candidate of ranked) {
    if (picked.length >= limit) break;
    if (picked.includes(candidate.index)) continue;
    const v = vectors[candidate.index]!;
    if (picked.some((p) => cosine(v, vectors[p]!) > 0.55)) continue;
    picked.push(candidate.index);
  }
  return picked.slice(0, limit);
}
