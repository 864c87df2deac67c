// Lists the slowest tests and files from JSON reports: Playwright's (`test-results/e2e-<port>.json`, written in
// CI) and vitest's (`npx vitest run --reporter=json --outputFile.json=<file>`). Where CI time goes, by name.
// Usage: node scripts/slowest-tests.mjs <report.json>... [--top=20] [--durations=web/e2e/durations.json]
// --durations writes each Playwright spec file's seconds (first attempts only), which scripts/e2e-shards.mjs
// uses to split the browser tests into shards of equal time.
import { readFileSync, writeFileSync } from 'node:fs';

const topArg = process.argv.find((arg) => arg.startsWith('--top='));
const top = topArg ? Number(topArg.slice('--top='.length)) : 20;
const durationsArg = process.argv.find((arg) => arg.startsWith('--durations='));
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
/** Seconds of each Playwright spec file's first attempts. */
const firstAttempts = new Map();
if (files.length === 0 || !Number.isInteger(top) || top < 1) {
  console.error('Usage: node scripts/slowest-tests.mjs <report.json>... [--top=20]');
  process.exit(2);
}

/** @type {{ name: string, ms: number }[]} */
const tests = [];
/** @type {Map<string, number>} */
const fileTotals = new Map();
const add = (file, title, ms) => {
  tests.push({ name: `${file} › ${title}`, ms });
  fileTotals.set(file, (fileTotals.get(file) ?? 0) + ms);
};

/** Playwright: suites nest (file, describe blocks); each test has one result per attempt (retries). */
function walkSuite(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      add(file, `${spec.title}${test.projectName ? ` [${test.projectName}]` : ''}`, ms);
      firstAttempts.set(file, (firstAttempts.get(file) ?? 0) + (test.results?.[0]?.duration ?? 0) / 1000);
    }
  }
  for (const child of suite.suites ?? []) walkSuite(child, file);
}

for (const path of files) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (Array.isArray(report.suites)) {
    for (const suite of report.suites) walkSuite(suite, suite.file ?? suite.title);
  } else if (Array.isArray(report.testResults)) {
    for (const result of report.testResults) {
      const file = result.name.replace(`${process.cwd()}/`, '');
      for (const test of result.assertionResults ?? [])
        add(file, test.fullName ?? test.title, test.duration ?? 0);
    }
  } else {
    console.error(`${path}: neither a Playwright nor a vitest JSON report.`);
    process.exit(2);
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
console.log(`Slowest ${top} tests:`);
for (const { name, ms } of tests.sort((a, b) => b.ms - a.ms).slice(0, top))
  console.log(`${seconds(ms)}  ${name}`);
console.log(`\nSlowest ${top} files (sum of their tests):`);
for (const [file, ms] of [...fileTotals].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${seconds(ms)}  ${file}`);
if (durationsArg) {
  const out = durationsArg.slice('--durations='.length);
  const sorted = Object.fromEntries(
    [...firstAttempts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s * 10) / 10]),
  );
  writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`\nWrote the seconds of ${firstAttempts.size} spec files to ${out}.`);
}
