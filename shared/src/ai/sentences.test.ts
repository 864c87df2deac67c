import { describe, expect, it } from 'vitest';
import { extractInsights } from './extract-insights.ts';
import { loadFixtures } from './fixtures/load-fixtures.ts';
import { keyPoints } from './key-points.ts';

const fixtures = loadFixtures();

describe('extractInsights and keyPoints', () => {
  it('give nothing for empty content', () => {
    expect(extractInsights('')).toEqual([]);
    expect(keyPoints(' \n ')).toEqual([]);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('return sentences of the note for %s', (_, note) => {
    const insights = extractInsights(note.content);
    const points = keyPoints(note.content);
    expect(insights.length).toBeGreaterThan(0);
    expect(insights.length).toBeLessThanOrEqual(5);
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.length).toBeLessThanOrEqual(7);
    for (const sentence of [...insights, ...points]) {
      expect(note.plain, sentence).toContain(sentence);
      expect(sentence.split(' ').length).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(points).size).toBe(points.length);
    expect(new Set(insights).size).toBe(insights.length);
  });

  it('keeps key points in reading order', () => {
    for (const note of fixtures) {
      const positions = keyPoints(note.content).map((p) => note.plain.indexOf(p));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('covers the sections of a note rather than one paragraph', () => {
    const note = fixtures.find((f) => f.name === 'tcp-congestion-control.md')!;
    const points = keyPoints(note.content);
    expect(points.some((p) => p.includes('Slow start'))).toBe(true);
    expect(points.some((p) => /additive increase|AIMD/.test(p))).toBe(true);
    expect(points.some((p) => /CUBIC|cubic|BBR/.test(p))).toBe(true);
  });

  it('prefers full sentences to list fragments and skips code', () => {
    const note = fixtures.find((f) => f.name === 'sourdough.md')!;
    expect(extractInsights(note.content)).not.toContain('500 g bread flour (about 10% of it whole wheat)');
    const withCode =
      'Caching reduces latency for repeated reads. A cache must be invalidated when the data changes.\n\n```js\nconst cache = new Map(); cache.set(key, value); return cache.get(key);\n```\n\nStale caches cause subtle bugs that are hard to reproduce.';
    for (const s of [...keyPoints(withCode), ...extractInsights(withCode)])
      expect(s).not.toContain('new Map');
  });

  it('gives a short note its own sentence', () => {
    expect(keyPoints('Photosynthesis turns light into chemical energy in plants.')).toEqual([
      'Photosynthesis turns light into chemical energy in plants.',
    ]);
  });
});
