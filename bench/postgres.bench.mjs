// PostgreSQL beside the embedded store, same machine, same run: acknowledged note writes/s (POST
// /api/notes, 50 connections) and GET /api/blog req/s (20 published posts, 50 connections), for the
// embedded store, PostgreSQL with one instance, and PostgreSQL with two instances on one database (the
// connections split between them). The cluster is a throwaway one (scripts/pg-cluster.mjs) with fsync on.
import os from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { makeDocument, makeNotes } from './lib/note-corpus.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const DURATION_S = Number(process.env.POSTGRES_BENCH_DURATION) || 8;
const CONNECTIONS = 50;
const POSTS = 20;

// Note texts from the shared corpus (~2 KB, varied), a pool reused in turn so making them costs the load nothing.
const CONTENTS = makeNotes(500).notes.map((note) => note.content);

async function post(url, path, cookie, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`${path} answered ${res.status}`);
}

/** Runs autocannon against every url at once, the connections split between them; sums the answers. */
async function load(urls, options) {
  const runs = await Promise.all(
    urls.map((url, u) =>
      autocannon({
        ...options,
        url: `${url}${options.path}`,
        connections: Math.round(CONNECTIONS / urls.length),
        duration: DURATION_S,
        requests: options.body
          ? [
              {
                setupRequest(req) {
                  req.body = options.body(u);
                  return req;
                },
              },
            ]
          : undefined,
      }),
    ),
  );
  const ok = runs.reduce((sum, r) => sum + r['2xx'], 0);
  return {
    perSecond: ok / DURATION_S,
    ok,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
  };
}

async function measure(label, servers) {
  const urls = servers.map((s) => s.url);
  const cookie = await login(urls[0]);
  for (let i = 1; i <= POSTS; i++) {
    await post(urls[0], '/api/admin/blog', cookie, {
      title: `Post ${i}`,
      content: makeDocument(3500, { seed: i, title: `Post ${i}` }).content,
      tags: ['bench'],
      published: true,
    });
  }
  // Reads first, so the database's after-work from the write burst (checkpoints, vacuum) does not land on them.
  const reads = await load(urls, { path: '/api/blog', method: 'GET' });
  let n = 0;
  const writes = await load(urls, {
    path: '/api/notes',
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: (u) =>
      JSON.stringify({
        title: `n${n}`,
        content: CONTENTS[n % CONTENTS.length],
        tags: ['bench'],
        clientId: `${u}-${n++}`,
      }),
  });
  // Every acknowledged write is stored, whichever instance took it (the first instance learns of the
  // second's last commits within moments: reads on one instance trail another's commits by a NOTIFY).
  let stored = 0;
  const deadline = Date.now() + 10_000;
  while (stored < writes.ok && Date.now() < deadline) {
    stored = (await (await fetch(`${urls[0]}/api/notes?tags=bench`, { headers: { cookie } })).json()).length;
    if (stored < writes.ok) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (stored < writes.ok) throw new Error(`${label}: ${stored} notes stored, ${writes.ok} acknowledged`);
  console.log(
    `${label}: ${writes.perSecond.toFixed(0)} acknowledged note writes/s (p99 ${writes.p99} ms, non-2xx ${writes.non2xx}); ` +
      `GET /api/blog ${reads.perSecond.toFixed(0)} req/s (p99 ${reads.p99} ms, non-2xx ${reads.non2xx})`,
  );
  reportResult({
    bench: 'postgres',
    metric: `acknowledged note writes/s, ${label}, ${CONNECTIONS} conn (p99 ${writes.p99} ms)`,
    value: Math.round(writes.perSecond),
    unit: 'writes/s',
  });
  reportResult({
    bench: 'postgres',
    metric: `GET /api/blog, ${label}, ${CONNECTIONS} conn (p99 ${reads.p99} ms)`,
    value: Math.round(reads.perSecond),
    unit: 'req/s',
  });
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const cluster = await startCluster({ fsync: true });
try {
  const embedded = await startServer();
  try {
    await measure('embedded store', [embedded]);
  } finally {
    await embedded.stop();
  }

  const admin = cluster.url();
  const { default: pg } = await import('pg');
  for (const [label, instances] of [
    ['PostgreSQL, 1 instance', 1],
    ['PostgreSQL, 2 instances', 2],
  ]) {
    const database = `bench_${instances}`;
    const client = new pg.Client(admin);
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    const servers = [];
    try {
      // One after the other, so the second finds the schema and the owner already there.
      for (let i = 0; i < instances; i++)
        servers.push(await startServer({ DATABASE_URL: cluster.url(database) }));
      await measure(label, servers);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
} finally {
  await cluster.stop();
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
