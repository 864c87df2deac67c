// Runs the browser tests as E2E_SHARDS Playwright processes at once (default 3), each with its own port and so
// its own server, DATA_DIR, backup folder, build copy and results folder (web/e2e/serve.mjs and
// playwright.config.ts key all of them on E2E_PORT). Playwright's workers share one process's server and the
// owner's data; separate shards share nothing, and every spec already starts on a server of its own when an
// engineer runs it alone. One worker with one server leaves a core idle while a page waits on the network or a
// timer; three shards fill both cores (docs/decisions/ci-time-shards-and-workers.md has the measurements). Extra arguments go to every shard (`npm run test:e2e -- web/e2e/notes.spec.ts`).
//
// Shard k (1-based) uses E2E_PORT + (k - 1) * 1000: the ports next to E2E_PORT belong to other engineers' runs.
//
// A whole run is split by time: each spec file's seconds from a CI run (web/e2e/durations.json, written by
// `node scripts/slowest-tests.mjs test-results/e2e-*.json --durations=web/e2e/durations.json`), the longest
// first onto the shard with the least so far; a file not listed counts as the median. With arguments (some
// files), Playwright's own `--shard` splits them by count.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const shards = Number(process.env.E2E_SHARDS ?? 3);
if (!Number.isInteger(shards) || shards < 1 || shards > 8) {
  console.error(`E2E_SHARDS must be a whole number from 1 to 8 (got "${process.env.E2E_SHARDS}").`);
  process.exit(2);
}
const basePort = Number(process.env.E2E_PORT ?? 4310);
if (!Number.isInteger(basePort) || basePort < 1 || basePort + (shards - 1) * 1000 > 65_535) {
  console.error(
    `E2E_PORT must be a port number that leaves room for ${shards} shards (got "${process.env.E2E_PORT}").`,
  );
  process.exit(2);
}
const extraArgs = process.argv.slice(2);
const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/e2e');

/** Spec files per shard by measured time, or null (Playwright's count split). */
function splitByTime() {
  const durationsFile = path.join(e2eDir, 'durations.json');
  if (shards < 2 || extraArgs.length > 0 || !existsSync(durationsFile)) return null;
  const seconds = JSON.parse(readFileSync(durationsFile, 'utf8'));
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const specs = readdirSync(e2eDir)
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => ({ file, seconds: seconds[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const groups = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
  for (const spec of specs) {
    const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.seconds += spec.seconds;
    lightest.files.push(`web/e2e/${spec.file}`);
  }
  for (const [i, group] of groups.entries())
    console.log(
      `[shard ${i + 1}/${shards}] ${group.files.length} spec files, about ${Math.round(group.seconds)} s by web/e2e/durations.json`,
    );
  return groups.map((group) => group.files.sort());
}
const byTime = splitByTime();

/** Starts one shard; resolves with its exit code. Its lines are prefixed so the two logs can be told apart. */
function runShard(index) {
  const port = basePort + (index - 1) * 1000;
  const args = ['playwright', 'test', ...extraArgs];
  if (byTime) args.push(...byTime[index - 1]);
  else if (shards > 1) args.push(`--shard=${index}/${shards}`);
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[shard ${index}/${shards}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  return {
    child,
    done: new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))),
  };
}

const runs = Array.from({ length: shards }, (_, i) => runShard(i + 1));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { child } of runs) child.kill(signal);
  });
}
const codes = await Promise.all(runs.map((run) => run.done));
codes.forEach((code, i) => {
  if (shards > 1) console.log(`[shard ${i + 1}/${shards}] exit ${code}`);
});
process.exit(codes.find((code) => code !== 0) ?? 0);
