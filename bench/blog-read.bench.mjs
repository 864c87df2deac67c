// Public blog reads: GET /api/blog with 100 published posts at 50 connections for ~10 s, against a bare
// node:http server answering the same bytes, in the same run. Target: at least 0.6 of the bare server.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { login, reportResult, startServer } from './lib/server.mjs';

const POSTS = 100;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BLOG_BENCH_DURATION) || 10;
const TARGET_RATIO = 0.6;
const ROUNDS = 5;

const paragraph =
  'Linking notes by idea rather than by folder lets a collection grow without a plan. Each permanent note ' +
  'states one thought in full sentences and points to the notes it builds on. ';

function postBody(i) {
  return JSON.stringify({
    title: `Knowledge work, part ${i}`,
    excerpt: paragraph.slice(0, 150),
    content: `# Part ${i}\n\n${paragraph.repeat(6)}\n\n## Practice\n\n${paragraph.repeat(4)}`,
    tags: ['knowledge', i % 2 ? 'productivity' : 'tools', `series-${i % 7}`],
    published: true,
  });
}

async function seed(url, cookie) {
  for (let i = 1; i <= POSTS; i++) {
    const res = await fetch(`${url}/api/admin/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: postBody(i),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`seeding post ${i} answered ${res.status}`);
  }
}

// The bare server runs in its own process, like the real one, so neither shares a core with autocannon's
// event loop: the ratio compares the servers, not their place in the bench.
const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.argv[1]);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
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

function load(url) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S / ROUNDS });
}

/** Requests/s over all rounds; p99 as the worst round's (autocannon gives no mergeable histogram). */
function combine(rounds) {
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const requests = rounds.reduce((sum, r) => sum + r.requests.total, 0);
  const bytes = rounds.reduce((sum, r) => sum + r.throughput.total, 0);
  return {
    requests: { average: requests / seconds },
    latency: { p99: Math.max(...rounds.map((r) => r.latency.p99)) },
    throughput: { average: bytes / seconds },
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

function summary(name, result) {
  const line =
    `${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ` +
    `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s, ${result.non2xx} non-2xx, ${result.errors} errors`;
  console.log(line);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: failed requests`);
}

const server = await startServer();
let bare;
try {
  const cookie = await login(server.url);
  await seed(server.url, cookie);

  const probe = await fetch(`${server.url}/api/blog`);
  const body = Buffer.from(await probe.arrayBuffer());
  const posts = JSON.parse(body.toString('utf8'));
  if (posts.length !== POSTS) throw new Error(`expected ${POSTS} posts, got ${posts.length}`);
  console.log(`GET /api/blog answers ${posts.length} posts, ${(body.length / 1024).toFixed(0)} KB`);

  const bodyFile = path.join(server.dataDir, 'blog-list.json');
  await writeFile(bodyFile, body);
  bare = await startBareServer(bodyFile);
  const bareUrl = `${bare.url}/api/blog`;

  // A short warm-up of each so JIT and connection setup do not count against the first run.
  await autocannon({ url: `${server.url}/api/blog`, connections: 10, duration: 1 });
  await autocannon({ url: bareUrl, connections: 10, duration: 1 });

  // The machine is shared: alternating short rounds expose both servers to the same background load.
  const appRounds = [];
  const bareRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    appRounds.push(await load(`${server.url}/api/blog`));
    bareRounds.push(await load(bareUrl));
  }
  const app = combine(appRounds);
  const raw = combine(bareRounds);
  summary('server ', app);
  summary('bare   ', raw);

  const ratio = app.requests.average / raw.requests.average;
  console.log(`ratio server / bare: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
  reportResult({
    bench: 'blog-read',
    metric: 'GET /api/blog req/s (server)',
    value: Math.round(app.requests.average),
    unit: 'req/s',
  });
  reportResult({
    bench: 'blog-read',
    metric: 'GET /api/blog p99 (server)',
    value: app.latency.p99,
    unit: 'ms',
  });
  reportResult({
    bench: 'blog-read',
    metric: 'bare node:http req/s',
    value: Math.round(raw.requests.average),
    unit: 'req/s',
  });
  reportResult({ bench: 'blog-read', metric: 'bare node:http p99', value: raw.latency.p99, unit: 'ms' });
  reportResult({
    bench: 'blog-read',
    metric: 'server / bare ratio',
    value: Number(ratio.toFixed(2)),
    unit: '',
    target: `>= ${TARGET_RATIO}`,
    pass: ratio >= TARGET_RATIO,
  });
} finally {
  if (bare) await bare.stop();
  await server.stop();
}
