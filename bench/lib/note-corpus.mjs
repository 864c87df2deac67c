// The benches' notes (every bench that needs note text uses this): deterministic per seed, prose drawn from
// 20,000 real English words with a Zipf frequency by rank (the ~100 most common function words first; see
// corpus-words.mjs), in markdown (headings, bullet, numbered and task lists, links, inline code, fenced code,
// bold and italic), sizes spread around 2 KB (a few short ones, a few long ones), and one note in ten not all
// English: accented French, Spanish, German or Portuguese sentences, Chinese sentences, or Japanese with kana.
// makeNote(i, { seed }) gives note i on its own (benches that seed a server in parallel ask for each by index);
// makeNotes(count) gives them all.
import {
  FOREIGN,
  FUNCTION_WORDS,
  HANZI,
  HIRAGANA,
  JAPANESE_GLUE,
  KATAKANA,
  makeRandom,
  rankedEnglish,
} from './corpus-words.mjs';

export { makeRandom };

const VOCABULARY_SIZE = 20_000;
/**
 * Zipf–Mandelbrot: a word's frequency ∝ 1 / (rank + ZIPF_Q)^ZIPF_S, ranks from 1. Natural text has s close to
 * 1; the offset keeps "the" near its real share (~5 %, where plain Zipf over 20,000 words gives ~10 %).
 */
const ZIPF_S = 1.0;
const ZIPF_Q = 1;
const TAGS = [
  'work',
  'ideas',
  'reading',
  'travel',
  'recipes',
  'health',
  'projects',
  'meetings',
  'journal',
  'music',
  'finance',
  'learning',
  'home',
  'garden',
  'writing',
  'research',
  'family',
  'code',
  'books',
  'todo',
];
const CODE_SNIPPETS = [
  ['js', 'const total = items.reduce((sum, item) => sum + item.price, 0);\nconsole.log("total:", total);'],
  [
    'python',
    'def average(values):\n    return sum(values) / len(values) if values else 0\n\nprint(average([3, 5, 8]))',
  ],
  ['sh', 'git checkout -b notes-cleanup\nnpm run build && npm test\ngit push origin notes-cleanup'],
  ['sql', 'SELECT title, updated_at\nFROM notes\nWHERE deleted = 0\nORDER BY updated_at DESC\nLIMIT 20;'],
  [
    'ts',
    'export function debounce(fn: () => void, ms: number) {\n  let timer: ReturnType<typeof setTimeout>;\n  return () => {\n    clearTimeout(timer);\n    timer = setTimeout(fn, ms);\n  };\n}',
  ],
  ['json', '{\n  "name": "weekend-trip",\n  "days": 3,\n  "budget": 450,\n  "packed": false\n}'],
];

/** A Zipf sampler over `n` ranks: returns a rank in [0, n). */
function zipfSampler(n, s = ZIPF_S, q = ZIPF_Q) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1 + q) ** s;
    cumulative[r] = sum;
  }
  return (random) => {
    const target = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

let shared;
function corpus() {
  if (!shared) {
    const vocabulary = rankedEnglish(VOCABULARY_SIZE);
    shared = {
      vocabulary,
      rank: zipfSampler(vocabulary.length),
      hanzi: zipfSampler(HANZI.length, 0.9, 0),
    };
  }
  return shared;
}

/** The ranked English vocabulary the notes are drawn from (most common first). */
export function makeVocabulary() {
  return corpus().vocabulary;
}

/** A normal deviate (Box–Muller). */
const gaussian = (random) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const pickOf = (list, random) => list[Math.floor(random() * list.length)];
const capitalise = (s) => s[0].toUpperCase() + s.slice(1);

function writer(random) {
  const { vocabulary, rank, hanzi } = corpus();
  const word = () => vocabulary[rank(random)];
  /** A content word (not one of the function words), for titles, link texts and list items. */
  const contentWord = () => {
    for (;;) {
      const r = rank(random);
      if (r >= FUNCTION_WORDS.length) return vocabulary[r];
    }
  };
  const styled = (w) => {
    const u = random();
    if (u < 0.012) return `**${w}**`;
    if (u < 0.022) return `*${w}*`;
    if (u < 0.028) return `\`${w}_${contentWord()}\``;
    if (u < 0.036) return String(Math.floor(random() * (random() < 0.5 ? 12 : 2030)));
    return w;
  };
  const sentence = () => {
    const n = 5 + Math.floor(random() * 18);
    const words = [];
    for (let i = 0; i < n; i++) words.push(styled(word()));
    if (n > 9 && random() < 0.5) words[Math.floor(n / 2)] += ',';
    if (random() < 0.06) {
      const text = `${contentWord()} ${contentWord()}`;
      words.push(`[${text}](https://example.org/${text.replace(' ', '-')})`);
    }
    const end = random() < 0.9 ? '.' : random() < 0.5 ? '?' : '!';
    return `${capitalise(words.join(' '))}${end}`;
  };
  const phrase = (min, max) =>
    Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => styled(contentWord())).join(
      ' ',
    );
  const paragraph = (say = sentence) => Array.from({ length: 2 + Math.floor(random() * 4) }, say).join(' ');

  const foreignSentence = (lang) => {
    const { common, accented } = FOREIGN[lang];
    const n = 5 + Math.floor(random() * 10);
    const words = Array.from({ length: n }, () =>
      random() < 0.45 ? pickOf(accented, random) : pickOf(common, random),
    );
    return `${capitalise(words.join(' '))}.`;
  };
  const chineseSentence = () => {
    let s = '';
    const n = 8 + Math.floor(random() * 20);
    for (let i = 0; i < n; i++) {
      s += HANZI[hanzi(random)];
      if (i > 3 && i < n - 3 && random() < 0.08) s += '，';
    }
    return `${s}。`;
  };
  const japaneseSentence = () => {
    let s = '';
    const chunks = 3 + Math.floor(random() * 5);
    for (let c = 0; c < chunks; c++) {
      const kanji = 1 + Math.floor(random() * 2);
      for (let i = 0; i < kanji; i++) s += HANZI[hanzi(random)];
      if (random() < 0.2) for (let i = 0; i < 3; i++) s += pickOf(KATAKANA, random);
      for (let i = Math.floor(random() * 3); i > 0; i--) s += pickOf(HIRAGANA, random);
      s += pickOf(JAPANESE_GLUE, random);
    }
    return `${s}。`;
  };

  const blocks = {
    paragraph: () => paragraph(),
    heading: () => `## ${capitalise(phrase(1, 4))}`,
    bullets: () => Array.from({ length: 2 + Math.floor(random() * 5) }, () => `- ${phrase(2, 7)}`).join('\n'),
    numbered: () =>
      Array.from(
        { length: 2 + Math.floor(random() * 4) },
        (_, i) => `${i + 1}. ${capitalise(phrase(2, 8))}`,
      ).join('\n'),
    tasks: () =>
      Array.from(
        { length: 2 + Math.floor(random() * 4) },
        () => `- [${random() < 0.4 ? 'x' : ' '}] ${capitalise(phrase(2, 6))}`,
      ).join('\n'),
    code: () => {
      const [lang, code] = pickOf(CODE_SNIPPETS, random);
      return `\`\`\`${lang}\n${code}\n\`\`\``;
    },
    quote: () => `> ${sentence()}`,
  };
  const BLOCK_WEIGHTS = [
    ['paragraph', 0.52],
    ['heading', 0.12],
    ['bullets', 0.12],
    ['numbered', 0.06],
    ['tasks', 0.08],
    ['code', 0.04],
    ['quote', 0.06],
  ];
  const block = () => {
    let u = random();
    for (const [name, weight] of BLOCK_WEIGHTS) {
      u -= weight;
      if (u < 0) return blocks[name]();
    }
    return blocks.paragraph();
  };
  return { block, contentWord, phrase, paragraph, foreignSentence, chineseSentence, japaneseSentence };
}

/** Mixes the seed and the note's index into one 32-bit seed, so note i is the same whoever asks for it. */
const noteSeed = (seed, i) => (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35)) >>> 0;

/**
 * Note `i` of the corpus with this seed: { id, title, content, tags, kind } where kind is 'en' or the extra
 * language ('fr', 'es', 'de', 'pt', 'zh', 'ja'). Content length: log-normal around `medianBytes` (1,800: the
 * median note comes out near 2 KB, the mean near 2.4 KB),
 * between 120 and 16,000 characters.
 */
export function makeNote(i, { seed = 42, medianBytes = 1800 } = {}) {
  const random = makeRandom(noteSeed(seed, i));
  const w = writer(random);
  const target = Math.min(16_000, Math.max(120, Math.round(medianBytes * Math.exp(0.6 * gaussian(random)))));
  const u = random();
  const kind =
    u >= 0.1 ? 'en' : u < 0.06 ? pickOf(['fr', 'es', 'de', 'pt'], random) : u < 0.085 ? 'zh' : 'ja';
  const title = capitalise(w.phrase(2, 5)).replace(/[*`]/g, '');
  const foreign = () =>
    kind === 'zh'
      ? Array.from({ length: 2 + Math.floor(random() * 3) }, w.chineseSentence).join('')
      : kind === 'ja'
        ? Array.from({ length: 2 + Math.floor(random() * 3) }, w.japaneseSentence).join('')
        : w.paragraph(() => w.foreignSentence(kind));
  const parts = random() < 0.4 ? [`# ${title}`] : [];
  let length = parts.join('\n\n').length;
  let foreignParts = 0;
  while (length < target) {
    // In the notes with another language, about half the paragraphs are in it (and at least one).
    const inOther = kind !== 'en' && (foreignParts === 0 || random() < 0.5);
    const part = inOther ? foreign() : w.block();
    if (inOther) foreignParts++;
    parts.push(part);
    length += part.length + 2;
  }
  const tagCount = Math.floor(random() * 4);
  const tags = [...new Set(Array.from({ length: tagCount }, () => pickOf(TAGS, random)))];
  return { id: `n${i}`, title, content: `${parts.join('\n\n')}\n`, tags, kind };
}

/** `count` notes (ids n0…), with the vocabulary they are drawn from (most common word first). */
export function makeNotes(count, { seed = 42, medianBytes = 1800 } = {}) {
  const notes = Array.from({ length: count }, (_, i) => makeNote(i, { seed, medianBytes }));
  return { notes, vocabulary: makeVocabulary() };
}

/**
 * One long markdown document of at least `bytes` UTF-8 bytes (a meeting log, a lecture transcript): the same
 * prose and blocks as the notes, a `## ` heading every few blocks, and with `mixed` (the default) a paragraph in
 * another language (accented or CJK) about every tenth block. Returns { content, lastHeading }.
 */
export function makeDocument(bytes, { seed = 42, title = 'Notes', mixed = true } = {}) {
  const random = makeRandom(noteSeed(seed, 0xdead));
  const w = writer(random);
  const other = ['fr', 'es', 'de', 'pt', 'zh', 'ja'];
  const parts = [`# ${title}`];
  let size = Buffer.byteLength(parts[0]);
  let lastHeading = '';
  for (let i = 0; size < bytes; i++) {
    let part;
    if (i % 6 === 0) {
      lastHeading = capitalise(w.phrase(2, 5)).replace(/[*`]/g, '');
      part = `## ${lastHeading}`;
    } else if (mixed && random() < 0.1) {
      const lang = pickOf(other, random);
      part =
        lang === 'zh'
          ? w.chineseSentence() + w.chineseSentence()
          : lang === 'ja'
            ? w.japaneseSentence() + w.japaneseSentence()
            : w.paragraph(() => w.foreignSentence(lang));
    } else part = w.block().replace(/^## /, '### ');
    parts.push(part);
    size += Buffer.byteLength(part) + 2;
  }
  return { content: `${parts.join('\n\n')}\n`, lastHeading };
}
