// Writes scripts/e2e-durations.json, the measured seconds of each browser-test file, from CI's Playwright
// JSON reports (`test-results/e2e-<port>.json`). scripts/e2e-shards.mjs splits the files between its shards
// by these figures, so the shards end together (a split by count left one shard minutes behind the other).
// Re-run it after a CI run when specs were added or got much slower or faster; a file it does not know gets
// the average of the files it does.
// Usage: node scripts/e2e-durations.mjs test-results/e2e-*.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e-durations.json');
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('Usage: node scripts/e2e-durations.mjs <playwright-report.json>...');
  process.exit(2);
}

/** @type {Map<string, number>} milliseconds per spec file (its first attempts: a retry is not the norm) */
const totals = new Map();
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const first = test.results?.[0];
      if (first) totals.set(file, (totals.get(file) ?? 0) + (first.duration ?? 0));
    }
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const report of reports) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  if (!Array.isArray(json.suites)) {
    console.error(`${report}: not a Playwright JSON report.`);
    process.exit(2);
  }
  for (const suite of json.suites) walk(suite, suite.file ?? suite.title);
}
const seconds = Object.fromEntries(
  [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([file, ms]) => [file, Math.round(ms / 100) / 10]),
);
writeFileSync(out, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} spec files written to ${path.relative(process.cwd(), out)}`);
