// Word tokens for the local AI algorithms: lowercase words, a light plural stem so "notes" and "note" count
// together, and stopword tests. No dictionary or model, so it runs the same in the browser and on the server.
import { KEYWORD_STOPWORDS, STOPWORDS } from './stopwords.ts';

export interface Token {
  /** Lowercase surface form, possessive removed: "TCP's" → "tcp". */
  word: string;
  /** Grouping key: the singular of a regular plural. */
  stem: string;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Regular English plurals only; irregular ones stay apart, which costs little for ranking. */
export function stemWord(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is|ous)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
    tokens.push({ word, stem: stemWord(word) });
  }
  return tokens;
}

/** A word that can stand as a tag or key term: not a stopword, not generic, not a number, long enough. */
export function isKeyword(word: string): boolean {
  if (word.length < 3 || word.length > 40) return false;
  if (KEYWORD_STOPWORDS.has(word)) return false;
  // Numbers and measurements ("2x", "10ms") are not subjects.
  if (/^\p{N}/u.test(word)) return false;
  return true;
}

/** Stems of the content words of a text: what sentence similarity compares. */
export function contentStems(text: string): string[] {
  const stems: string[] = [];
  for (const token of tokenize(text)) {
    if (token.word.length > 1 && !STOPWORDS.has(token.word)) stems.push(token.stem);
  }
  return stems;
}
