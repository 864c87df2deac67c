// Deterministic notes for the search benchmarks: ~2 KB each, words drawn from a 30,000-word made-up vocabulary
// with a Zipf-like spread (a few very common words, a long tail of rare ones), some with accents.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'vel',
  'qua',
  'rin',
  'sol',
  'ber',
  'dan',
  'fé',
  'gor',
  'hu',
  'jo',
  'pla',
  'tri',
  'zen',
  'ös',
];

export function makeRandom(seed = 42) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function makeVocabulary(size = 30_000, random = makeRandom(7)) {
  const words = new Set();
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

export function makeNotes(count, { random = makeRandom(42), vocabulary = makeVocabulary() } = {}) {
  // Zipf-like: index = floor(V * u^3) favours the first words heavily.
  const pick = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)];
  const notes = [];
  for (let i = 0; i < count; i++) {
    const title = `${pick()} ${pick()} ${pick()}`;
    let content = '';
    while (content.length < 2000) {
      const sentence = Array.from({ length: 8 + Math.floor(random() * 8) }, pick).join(' ');
      content += `${sentence[0].toUpperCase()}${sentence.slice(1)}. `;
    }
    notes.push({ id: `n${i}`, title, content, tags: [pick(), pick()] });
  }
  return { notes, vocabulary };
}
