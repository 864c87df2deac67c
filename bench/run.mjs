// `npm run bench`: runs every bench/*.bench.mjs (or .bench.ts, through tsx) in turn, prints their output,
// and writes bench/results/latest.md. A bench reports figures by printing lines
// `RESULT {"bench","metric","value","unit","target"?,"pass"?}` (see lib/server.mjs reportResult);
// everything else it prints is kept verbatim. `npm run bench -- notes` runs only benches matching "notes".
import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

function runBench(file) {
  const args = file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: benchDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ file, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const runs = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  runs.push(await runBench(file));
}

const results = runs.flatMap((r) =>
  r.output
    .split('\n')
    .filter((line) => line.startsWith('RESULT '))
    .map((line) => JSON.parse(line.slice('RESULT '.length))),
);
const verdict = (r) => (r.pass === undefined ? '' : r.pass ? 'met' : 'MISSED');
const lines = [
  '# Bench results',
  '',
  `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}) · ${os.platform()}`,
  '',
  '| bench | metric | value | target | |',
  '|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.bench} | ${r.metric} | ${r.value} ${r.unit ?? ''} | ${r.target ?? ''} | ${verdict(r)} |`,
  ),
  '',
  ...runs.flatMap((r) => [
    `## ${r.file} (${r.code === 0 ? 'ok' : `exit ${r.code}`}, ${r.seconds.toFixed(0)} s)`,
    '',
    '```',
    r.output
      .split('\n')
      .filter((line) => !line.startsWith('RESULT '))
      .join('\n')
      .trim(),
    '```',
    '',
  ]),
];
await mkdir(path.join(benchDir, 'results'), { recursive: true });
await writeFile(path.join(benchDir, 'results', 'latest.md'), lines.join('\n'));

console.log('\n=== Summary ===');
for (const r of results)
  console.log(
    `${r.bench}: ${r.metric}: ${r.value} ${r.unit ?? ''} ${r.target ? `(target ${r.target}: ${verdict(r)})` : ''}`,
  );
for (const r of runs) if (r.code !== 0) console.log(`${r.file} FAILED (exit ${r.code})`);
console.log(`Written to bench/results/latest.md`);
process.exit(runs.some((r) => r.code !== 0) ? 1 : 0);
