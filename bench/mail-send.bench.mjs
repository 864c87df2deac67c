// A newsletter issue to 10,000 subscribers through a local SMTP server (smtp-server in its own process):
// messages per second, the server's peak memory, and the p99 of GET /api/blog while the send runs beside
// the p99 with no send (autocannon, 10 connections). The send must not block the event loop, so the
// public blog stays fast.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_PASSWORD, login, reportResult } from './lib/server.mjs';

const BENCH = 'mail-send';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECIPIENTS = Number(process.env.MAIL_BENCH_RECIPIENTS) || 10_000;
const POSTS = 30;
const CONNECTIONS = Number(process.env.MAIL_BENCH_SMTP_CONNECTIONS) || 5;
const LOAD_SECONDS = 10;

// The SMTP sink: accepts everything, counts, prints the count when asked (SIGUSR2) and at exit.
const SINK = `
import { SMTPServer } from 'smtp-server';
let count = 0;
const server = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, callback) { stream.resume(); stream.on('end', () => { count++; callback(); }); },
});
server.on('error', () => {});
server.listen(0, '127.0.0.1', () => console.log('smtp on ' + server.server.address().port));
process.on('SIGTERM', () => { console.log('accepted ' + count); process.exit(0); });
`;

function startChild(args, env, ready) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(ready);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`child exited (${code}):\n${output}`)));
  });
  return { child, exited, started, output: () => output };
}

const SEED = `
import { Store } from ${JSON.stringify(path.join(root, 'sync-server/src/storage/index.ts'))};
const [dir, count] = [process.argv[1], Number(process.argv[2])];
const store = await Store.open(dir);
const at = new Date().toISOString();
for (let start = 1; start <= count; start += 1000)
  await store.write((tx) => {
    for (let i = start; i < Math.min(count + 1, start + 1000); i++)
      tx.insert('subscribers', { email: 'reader' + i + '@example.com', name: null, interests: [], active: true, status: 'active', subscribedAt: at, confirmedAt: at });
  });
await store.close();
`;

async function seed(dir) {
  const seeding = startChild(
    ['--import', 'tsx', '--input-type=module', '-e', SEED, dir, String(RECIPIENTS)],
    {},
    /$^/,
  );
  seeding.started.catch(() => {});
  const code = await seeding.exited;
  if (code !== 0) throw new Error(`seeding failed: ${seeding.output()}`);
}

async function api(url, method, urlPath, cookie, body) {
  const res = await fetch(url + urlPath, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function p99(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/api/blog`, connections: 10, duration: LOAD_SECONDS }, (error, result) =>
      error ? reject(error) : resolve({ p99: result.latency.p99, rps: result.requests.average }),
    );
  });
}

const peakRss = async (pid) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pn-bench-mail-'));
const sink = startChild(['--input-type=module', '-e', SINK], {}, /smtp on (\d+)/);
let server;
try {
  const smtpPort = await sink.started;
  await seed(dataDir);
  server = startChild(
    ['--import', 'tsx', path.join(root, 'sync-server/src/server.ts')],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_PASSWORD: BENCH_PASSWORD,
      LOG_REQUESTS: 'false',
      PUBLIC_URL: 'https://blog.example',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: smtpPort,
      SMTP_MAX_CONNECTIONS: String(CONNECTIONS),
      SMTP_RATE_PER_SECOND: '10000',
    },
    /listening on (http:\/\/[\d.]+:\d+)/,
  );
  const url = await server.started;
  const cookie = await login(url);
  for (let i = 1; i <= POSTS; i++)
    await api(url, 'POST', '/api/admin/blog', cookie, {
      title: `Post ${i}`,
      content: `# Part ${i}\n\n${'A paragraph about notes and memory. '.repeat(40)}`,
      tags: ['notes'],
      published: true,
    });
  const issue = await api(url, 'POST', '/api/admin/blog', cookie, {
    title: 'The issue',
    content: 'Hello **readers**. '.repeat(50),
    published: true,
  });

  const idle = await p99(url);
  console.log(`GET /api/blog without a send: p99 ${idle.p99} ms, ${idle.rps.toFixed(0)} req/s`);

  const started = performance.now();
  await api(url, 'POST', `/api/admin/blog/${issue.id}/newsletter`, cookie, { recipients: RECIPIENTS });
  // Fixing 10,000 recipient records is one transaction: the answer time bounds that pause.
  console.log(`POST …/newsletter answered in ${(performance.now() - started).toFixed(0)} ms`);
  const during = await p99(url);
  const sentWhileLoaded = (await api(url, 'GET', `/api/admin/blog/${issue.id}/newsletter`, cookie)).sent;
  console.log(
    `GET /api/blog during the send: p99 ${during.p99} ms, ${during.rps.toFixed(0)} req/s (${sentWhileLoaded} sent by then)`,
  );

  let send;
  for (;;) {
    send = await api(url, 'GET', `/api/admin/blog/${issue.id}/newsletter`, cookie);
    if (send.state !== 'sending') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const rss = await peakRss(server.child.pid);
  console.log(`Send: ${JSON.stringify(send)}`);
  console.log(
    `${send.sent} messages in ${seconds.toFixed(1)} s with ${CONNECTIONS} SMTP connections; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (send.state !== 'done' || send.sent !== RECIPIENTS)
    throw new Error('the send did not deliver every message');

  reportResult({
    bench: BENCH,
    metric: `messages/s (${RECIPIENTS} recipients, ${CONNECTIONS} connections)`,
    value: Number((send.sent / seconds).toFixed(0)),
    unit: 'msg/s',
  });
  reportResult({ bench: BENCH, metric: 'server peak RSS', value: Number(rss.toFixed(0)), unit: 'MB' });
  reportResult({ bench: BENCH, metric: 'GET /api/blog p99, no send', value: idle.p99, unit: 'ms' });
  reportResult({ bench: BENCH, metric: 'GET /api/blog p99, during the send', value: during.p99, unit: 'ms' });
} finally {
  server?.child.kill('SIGTERM');
  await server?.exited;
  sink.child.kill('SIGTERM');
  await sink.exited;
  console.log(sink.output().trim().split('\n').pop());
  await rm(dataDir, { recursive: true, force: true });
}
