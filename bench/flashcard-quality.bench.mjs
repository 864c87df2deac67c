// Quality of the local (no-model) flashcard generator on the study-notes set
// (shared/src/ai/fixtures/study-notes/, 16 notes): the share of cards asking about a term whose answer
// contains that term (issue 25). `FLASHCARDS_BEFORE=<git ref>` also measures the generator as it was at that
// ref, for a before/after figure: node bench/flashcard-quality.bench.mjs, or through bench/run.mjs.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const TARGET = 0.9;
const { termCoverage } = await tsImport('../shared/src/ai/card-term-coverage.ts', import.meta.url);
const { loadStudyNotes } = await tsImport(
  '../shared/src/ai/fixtures/study-notes/load-study-notes.ts',
  import.meta.url,
);
const notes = loadStudyNotes();

function measure(generateFlashcards) {
  const cards = notes.flatMap((note) => generateFlashcards(note.content, note.name));
  return { cards: cards.length, ...termCoverage(cards) };
}

function report(label, figure, target) {
  const pct = +(figure.share * 100).toFixed(1);
  console.log(
    `  ${label.padEnd(8)} ${pct}% on term (${figure.onTerm} of ${figure.asked} term questions, ${figure.cards} cards)`,
  );
  console.log(
    `RESULT ${JSON.stringify({
      bench: 'flashcard-quality',
      metric: `answers containing the asked term (${label}, study-notes)`,
      value: pct,
      unit: '%',
      ...(target ? { target: `>= ${TARGET * 100}%`, pass: figure.share >= TARGET } : {}),
    })}`,
  );
}

console.log(`Local flashcard generator on the study-notes set (${notes.length} notes)`);
const before = process.env.FLASHCARDS_BEFORE;
if (before) {
  // The old generator is written beside the current one so its relative imports resolve, then removed.
  const file = fileURLToPath(new URL('../shared/src/ai/generate-flashcards.before.ts', import.meta.url));
  const source = execFileSync('git', ['show', `${before}:shared/src/ai/generate-flashcards.ts`], {
    encoding: 'utf8',
  });
  writeFileSync(file, source);
  try {
    const old = await tsImport('../shared/src/ai/generate-flashcards.before.ts', import.meta.url);
    report('before', measure(old.generateFlashcards), false);
  } finally {
    rmSync(file, { force: true });
  }
}
const current = await tsImport('../shared/src/ai/generate-flashcards.ts', import.meta.url);
const now = measure(current.generateFlashcards);
report('now', now, true);
for (const miss of now.misses) console.log(`  miss: ${miss.question} → ${miss.answer.slice(0, 80)}`);
