import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeNote, makeNotes } from './note-corpus.mjs';

type Note = { id: string; title: string; content: string; tags: string[]; kind: string };
const { notes } = makeNotes(1000) as { notes: Note[] };
const englishWords = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The corpus the first-sync bench used before: a 12-word vocabulary in one repeated line shape. */
function oldFirstSyncNote(i: number) {
  const words = 'orbit garden recipe travel budget meeting river lantern harbor summit archive compass'.split(
    ' ',
  );
  let text = `# Note ${i}\n\n`;
  for (let line = 0; text.length < 2000; line++)
    text += `- ${words[(i + line) % words.length]} and ${words[(i * 7 + line * 3) % words.length]}: item ${line} of note ${i}, written down to find again later.\n`;
  return text;
}
const gzipRatio = (texts: string[]) => {
  const all = Buffer.from(texts.join('\n'));
  return all.length / gzipSync(all).length;
};

describe('the benches’ note corpus', () => {
  it('uses at least 5,000 distinct English words over 1,000 notes', () => {
    const distinct = new Set(notes.flatMap((n) => englishWords(`${n.title} ${n.content}`)));
    expect(distinct.size).toBeGreaterThanOrEqual(5000);
  });

  it('spreads words as Zipf’s law says: the most common first, frequency falling about as 1/rank', () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (const n of notes)
      for (const w of englishWords(n.content)) {
        counts.set(w, (counts.get(w) ?? 0) + 1);
        total++;
      }
    const ranked = [...counts.values()].sort((a, b) => b - a);
    const top = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
    expect(top.slice(0, 3)).toEqual(['the', 'of', 'and']);
    expect(ranked[0]! / total).toBeGreaterThan(0.02);
    expect(ranked[0]! / total).toBeLessThan(0.08);
    // The slope of log(frequency) against log(rank) between ranks 10 and 1,000: about −1.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let r = 10; r <= 1000; r += 10) {
      xs.push(Math.log(r));
      ys.push(Math.log(ranked[r - 1]!));
    }
    const mx = xs.reduce((a, b) => a + b) / xs.length;
    const my = ys.reduce((a, b) => a + b) / ys.length;
    const slope =
      xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    expect(slope).toBeGreaterThan(-1.3);
    expect(slope).toBeLessThan(-0.7);
  });

  it('has about one note in ten with accented words or CJK text, and the rest plain English', () => {
    const other = notes.filter((n) => /[^ -~\n\t]/.test(n.content));
    expect(other.length).toBeGreaterThanOrEqual(70);
    expect(other.length).toBeLessThanOrEqual(130);
    expect(other.every((n) => n.kind !== 'en')).toBe(true);
    expect(notes.some((n) => /[\u4e00-\u9fff]{5}/.test(n.content))).toBe(true);
    expect(notes.some((n) => /[\u3040-\u309f]/.test(n.content))).toBe(true);
    expect(notes.some((n) => /[éèàç]/.test(n.content) && n.kind === 'fr')).toBe(true);
    expect(notes.some((n) => /[ñ]/.test(n.content))).toBe(true);
    expect(notes.some((n) => /[äöüß]/.test(n.content))).toBe(true);
    expect(notes.some((n) => /[ãõ]/.test(n.content))).toBe(true);
  });

  it('writes markdown: headings, lists, task lists, links, inline and fenced code, bold and italic', () => {
    const all = notes.map((n) => n.content).join('\n');
    for (const pattern of [
      /^## \S/m,
      /^- \S/m,
      /^1\. \S/m,
      /^- \[[ x]\] \S/m,
      /\[[^\]]+\]\(https:\/\/[^)]+\)/,
      /`[a-z]+_[a-z]+`/,
      /^```[a-z]+\n/m,
      /\*\*[a-z]+\*\*/,
      /(^|[^*])\*[a-z]+\*([^*]|$)/m,
    ])
      expect(all).toMatch(pattern);
  });

  it('varies note sizes around 2 KB', () => {
    const lengths = notes.map((n) => n.content.length).sort((a, b) => a - b);
    const median = lengths[500]!;
    expect(median).toBeGreaterThan(1500);
    expect(median).toBeLessThan(2500);
    expect(lengths[0]!).toBeLessThan(600);
    expect(lengths[999]!).toBeGreaterThan(6000);
  });

  it('gives the same notes for the same seed, note by note, and other notes for another seed', () => {
    expect(makeNote(123)).toEqual(notes[123]);
    expect(makeNotes(5, { seed: 42 }).notes).toEqual(notes.slice(0, 5));
    expect(makeNote(123, { seed: 7 }).content).not.toBe(notes[123]!.content);
  });

  it('compresses like real text, far less than the old repeated-words corpus', () => {
    const ratio = gzipRatio(notes.map((n) => `${n.title}\n${n.content}`));
    const old = gzipRatio(Array.from({ length: 1000 }, (_, i) => oldFirstSyncNote(i)));
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(4);
    expect(old).toBeGreaterThan(ratio * 2);
  });
});
