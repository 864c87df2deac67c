// Attachments: (1) resize cost, the time the server takes to answer a variant it has not made yet (sharp
// resize + encode + write to the disk cache), per image, for the srcset widths a post page asks for;
// (2) throughput of a cached public variant (GET /api/attachments/{sha}?w=640, WebP) at 50 connections,
// against a bare node:http server answering the same bytes in the same run (alternating rounds).

import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { uploadPhotos } from './lib/photos.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const IMAGES = 5;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.ATTACHMENTS_BENCH_DURATION) || 10;
const ROUNDS = 5;
const TARGET_RATIO = 0.5;
const ACCEPT_WEBP = 'image/webp,image/*,*/*;q=0.8';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timedGet(url, accept) {
  const started = performance.now();
  const res = await fetch(url, { headers: { accept } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms: performance.now() - started, body, type: res.headers.get('content-type') };
}

const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.argv[1]);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/webp', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

async function startBareServer(bodyFile) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER, bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function combine(rounds) {
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  return {
    rps: rounds.reduce((sum, r) => sum + r.requests.total, 0) / seconds,
    p99: Math.max(...rounds.map((r) => r.latency.p99)),
    mbps: rounds.reduce((sum, r) => sum + r.throughput.total, 0) / seconds / 1024 / 1024,
    failed: rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const server = await startServer();
let bare;
try {
  const cookie = await login(server.url);
  const hashes = await uploadPhotos(server.url, cookie, IMAGES);
  const content = hashes.map((hash, i) => `![Photo ${i}](/api/attachments/${hash})`).join('\n\n');
  const post = await fetch(`${server.url}/api/admin/blog`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Ten photos', content, published: true }),
  });
  if (post.status !== 201) throw new Error(`post answered ${post.status}`);
  console.log(`${IMAGES} photos of 2400×1600 uploaded and published`);

  // Resize cost: the first request for each variant makes it (the answer is sent once it is on disk).
  const cases = [
    ['w=640 WebP', '?w=640', ACCEPT_WEBP],
    ['w=1280 WebP', '?w=1280', ACCEPT_WEBP],
    ['w=640 AVIF', '?w=640', 'image/avif,image/webp,*/*'],
    ['w=640 JPEG', '?w=640', 'image/*'],
  ];
  for (const [label, query, accept] of cases) {
    const cold = [];
    const warm = [];
    for (const hash of hashes) {
      cold.push((await timedGet(`${server.url}/api/attachments/${hash}${query}`, accept)).ms);
      warm.push((await timedGet(`${server.url}/api/attachments/${hash}${query}`, accept)).ms);
    }
    console.log(
      `${label}: first request (makes the variant) median ${median(cold).toFixed(0)} ms, cached ${median(warm).toFixed(1)} ms`,
    );
    reportResult({
      bench: 'attachments',
      metric: `resize ${label} per image (first request)`,
      value: Math.round(median(cold)),
      unit: 'ms',
    });
  }

  // Throughput of a cached public variant vs node:http with the same bytes.
  const target = `${server.url}/api/attachments/${hashes[0]}?w=640`;
  const sample = await timedGet(target, ACCEPT_WEBP);
  if (sample.type !== 'image/webp') throw new Error(`expected WebP, got ${sample.type}`);
  console.log(`variant: ${(sample.body.length / 1024).toFixed(0)} KB WebP`);
  const bodyFile = path.join(server.dataDir, 'variant.webp');
  await writeFile(bodyFile, sample.body);
  bare = await startBareServer(bodyFile);
  const headers = { accept: ACCEPT_WEBP };
  await autocannon({ url: target, headers, connections: 10, duration: 1 });
  await autocannon({ url: bare.url, connections: 10, duration: 1 });
  const appRounds = [];
  const bareRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    appRounds.push(
      await autocannon({ url: target, headers, connections: CONNECTIONS, duration: DURATION_S / ROUNDS }),
    );
    bareRounds.push(
      await autocannon({ url: bare.url, connections: CONNECTIONS, duration: DURATION_S / ROUNDS }),
    );
  }
  const app = combine(appRounds);
  const raw = combine(bareRounds);
  for (const [name, r] of [
    ['server', app],
    ['bare  ', raw],
  ]) {
    console.log(
      `${name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.mbps.toFixed(1)} MB/s, ${r.failed} failed`,
    );
    if (r.failed > 0) throw new Error(`${name}: failed requests`);
  }
  const ratio = app.rps / raw.rps;
  console.log(`ratio server / bare: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  reportResult({
    bench: 'attachments',
    metric: 'public variant req/s (server)',
    value: Math.round(app.rps),
    unit: 'req/s',
  });
  reportResult({ bench: 'attachments', metric: 'public variant p99 (server)', value: app.p99, unit: 'ms' });
  reportResult({
    bench: 'attachments',
    metric: 'bare node:http req/s, same bytes',
    value: Math.round(raw.rps),
    unit: 'req/s',
  });
  reportResult({
    bench: 'attachments',
    metric: 'variant server / bare ratio',
    value: Number(ratio.toFixed(2)),
    unit: '',
    target: `>= ${TARGET_RATIO}`,
    pass: ratio >= TARGET_RATIO,
  });
} finally {
  if (bare) await bare.stop();
  await server.stop();
}
