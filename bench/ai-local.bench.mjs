// Latency of the local AI provider's algorithms on a generated 5,000-word note: median and max of 20 runs
// per helper, against the 100 ms target. Run alone (`node bench/ai-local.bench.mjs`) or by bench/run.mjs.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const ai = await tsImport('../shared/src/ai/index.ts', import.meta.url);

const RUNS = 20;
const TARGET_MS = 100;
const WORDS = Number(process.env.AI_BENCH_WORDS) || 5000;

/** A deterministic pseudo-random generator so every run measures the same note. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPIC =
  'memory recall review interval schedule card deck retention forgetting curve spacing effect learner ' +
  'knowledge concept note link index archive outline essay draft source reference summary question answer ' +
  'network packet window sender receiver congestion throughput latency bandwidth buffer segment timeout ' +
  'dough flour starter water salt crust crumb oven fermentation temperature loaf banneton';
const COMMON =
  'the a of to and in is that it for on with as was by this be are from or at an which when more can than ' +
  'each every after before while because so but not only also very much';
const VERBS =
  'improves changes reduces increases keeps moves builds tracks limits shapes predicts controls measures';

/** Markdown with headings, paragraphs, definitions, emphasis and lists, about `words` words long. */
function generateNote(words, seed = 7) {
  const rnd = mulberry32(seed);
  const topic = TOPIC.split(' ');
  const common = COMMON.split(' ');
  const verbs = VERBS.split(' ');
  // Zipf-like: early topic words are much more frequent, as in a real note.
  const pickTopic = () => topic[Math.floor(topic.length * rnd() ** 2)];
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const sentence = () => {
    const length = 8 + Math.floor(rnd() * 14);
    const out = [];
    for (let i = 0; i < length; i++)
      out.push(i === 2 ? pick(verbs) : rnd() < 0.45 ? pickTopic() : pick(common));
    if (rnd() < 0.1) out[4] = `**${out[4]}**`;
    const text = out.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const blocks = [`# Generated study note`];
  let count = 0;
  let section = 0;
  while (count < words) {
    if (count > 0 && rnd() < 0.12) blocks.push(`## Section ${++section}: ${pickTopic()} and ${pickTopic()}`);
    if (rnd() < 0.15) {
      const items = [];
      for (let i = 0; i < 4; i++) items.push(`- **${pickTopic()} ${pickTopic()}**: ${sentence()}`);
      blocks.push(items.join('\n'));
      count += items.join(' ').split(/\s+/).length;
      continue;
    }
    const sentences = [];
    if (rnd() < 0.3) sentences.push(`The ${pickTopic()} ${pickTopic()} is ${sentence().toLowerCase()}`);
    for (let i = 0, n = 3 + Math.floor(rnd() * 4); i < n; i++) sentences.push(sentence());
    const paragraph = sentences.join(' ');
    blocks.push(paragraph);
    count += paragraph.split(/\s+/).length;
  }
  return blocks.join('\n\n');
}

function measure(fn) {
  fn(); // warm-up: the first call includes JIT compilation, which a running server has already paid
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: (times[(RUNS - 1) >> 1] + times[RUNS >> 1]) / 2, max: times[RUNS - 1] };
}

const content = generateNote(WORDS);
const wordCount = content.split(/\s+/).filter(Boolean).length;
const otherNotes = Array.from({ length: 200 }, (_, i) => ({
  id: i + 2,
  title: `Note ${i + 2}`,
  content: generateNote(250, i + 100),
}));
const helpers = {
  suggestTags: () => ai.suggestTags(content, ['memory', 'network', 'sourdough']),
  extractInsights: () => ai.extractInsights(content),
  keyPoints: () => ai.keyPoints(content),
  generateFlashcards: () => ai.generateFlashcards(content, 1),
  draftBlogPost: () => ai.draftBlogPost({ id: 1, title: 'Generated study note', content, tags: ['memory'] }),
  explainConcept: () =>
    ai.explainConcept('forgetting curve', [{ id: 1, title: 'Generated study note', content }, ...otherNotes]),
};

console.log(`AI local provider: a ${wordCount}-word note, ${RUNS} runs per helper, target < ${TARGET_MS} ms`);
for (const [name, fn] of Object.entries(helpers)) {
  const { median, max } = measure(fn);
  // Machine-readable lines for bench/run.mjs's results table (same format as lib/server.mjs reportResult).
  const result = { bench: 'ai-local', unit: 'ms', target: `< ${TARGET_MS} ms` };
  console.log(
    `RESULT ${JSON.stringify({ ...result, metric: `${name} median`, value: +median.toFixed(1), pass: median < TARGET_MS })}`,
  );
  console.log(
    `RESULT ${JSON.stringify({ bench: 'ai-local', unit: 'ms', metric: `${name} max`, value: +max.toFixed(1) })}`,
  );
  console.log(
    `  ${name.padEnd(20)} median ${median.toFixed(1).padStart(6)} ms   max ${max.toFixed(1).padStart(6)} ms   ${median < TARGET_MS ? 'ok' : 'SLOW'}`,
  );
}
console.log('  (explainConcept searches that note plus 200 others of 250 words)');
