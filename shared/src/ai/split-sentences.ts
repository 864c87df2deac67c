// Splits plain text into sentences without a language model: ends at . ! ? followed by a capital, digit or
// quote, except after common abbreviations, initials and decimal numbers.

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'al',
  'approx',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'no',
  'fig',
  'eq',
  'vol',
  'p',
  'pp',
  'inc',
  'ltd',
  'jr',
  'sr',
  'u.s',
  'min',
  'max',
]);

const BOUNDARY = /([.!?…]+)(["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = (match.index ?? 0) + match[1]!.length + match[2]!.length;
    const candidate = text.slice(start, end);
    if (match[1] === '.' && endsWithAbbreviation(candidate)) continue;
    push(sentences, candidate);
    start = end;
  }
  push(sentences, text.slice(start));
  return sentences;
}

function endsWithAbbreviation(candidate: string): boolean {
  const last = /(\S+)\.["'”’)\]]*$/
    .exec(candidate)?.[1]
    ?.toLowerCase()
    .replace(/^[("'“‘[]+/, '');
  if (!last) return false;
  // A single letter is an initial ("J. Smith") or an enumerator, not the end of a sentence.
  return ABBREVIATIONS.has(last) || /^\p{L}$/u.test(last);
}

function push(sentences: string[], text: string) {
  const trimmed = text.trim();
  if (trimmed) sentences.push(trimmed);
}
