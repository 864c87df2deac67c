import { describe, expect, it } from 'vitest';
import { searchSnippet } from './search-snippet.ts';
import { tokenizeForSearch } from './tokenize.ts';

describe('searchSnippet', () => {
  it('marks folded matches in the text as written', () => {
    const parts = searchSnippet('We met at the Café Noir on Tuesday.', ['cafe']);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Café']);
    expect(parts.map((p) => p.text).join('')).toBe('We met at the Café Noir on Tuesday.');
  });

  it('opens around the first match, at a word boundary, with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(40)}the velquarin flower ${'dolor sit '.repeat(40)}`;
    const parts = searchSnippet(text, ['velquarin'], 80);
    expect(parts[0]).toEqual({ text: '…', match: false });
    expect(parts.at(-1)).toEqual({ text: '…', match: false });
    expect(parts.find((p) => p.match)?.text).toBe('velquarin');
    expect(parts[1]?.text.startsWith('lorem') || parts[1]?.text.startsWith('ipsum')).toBe(true);
  });
});

describe('tokenizeForSearch', () => {
  it('folds and splits words, and pairs CJK characters', () => {
    expect(tokenizeForSearch('Straße, naïve ﬁle')).toEqual(['strasse', 'naive', 'file']);
    expect(tokenizeForSearch('東京都 abc')).toEqual(['東京', '京都', 'abc']);
    expect(tokenizeForSearch('東')).toEqual(['東']);
    expect(tokenizeForSearch('Tokyo東京2026')).toEqual(['tokyo', '東京', '2026']);
  });
});
