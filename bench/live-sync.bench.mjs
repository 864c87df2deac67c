// Live sync (issue 31): how long a change made on one device takes to reach another open device, through
// the live channel (GET /api/live) and the pull the device already has (notes changes, cards, reviews),
// against the built server; and what idle channels cost the server.
//
// - Propagation: 100 changes of each kind (create, edit, delete, card, review) made by device A, one at a
//   time; device B holds a channel, pulls the feed an event names, and the clock stops when B's pull returns
//   the change. On one instance (embedded store) and across two instances on PostgreSQL (A writes through
//   instance 1, B listens to and pulls from instance 2). Goals: median ≤ 300 ms, p95 ≤ 1 s.
// - Fan-out: 50 devices connected; each of 20 writes is timed until the last of the 50 has pulled it.
// - Idle cost: 1,000 open channels: the server's resident memory per channel, and its CPU time over a
//   quiet window between heartbeats and over one heartbeat round.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const CHANGES = Number(process.env.LIVE_BENCH_CHANGES) || 100;
const IDLE_CHANNELS = Number(process.env.LIVE_BENCH_IDLE) || 1000;
const FAN_OUT = 50;
/** `LIVE_BENCH_PART=propagation,fanout,idle,postgres` runs only those parts (all by default). */
const PARTS = new Set((process.env.LIVE_BENCH_PART || 'propagation,fanout,idle,postgres').split(','));
const HEARTBEAT_S = 25;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A device's live channel, read with node:http (cheap enough to hold a thousand). */
function openChannel(url, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${url}/api/live`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`/api/live answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (text) => {
          buffer += text;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'hello') resolve({ close: () => req.destroy() });
            if (event && data) onEvent?.(event, JSON.parse(data));
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

async function json(url, cookie, method = 'GET', body) {
  const res = await fetch(url, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Device B: on each event, pulls every feed it names from its cursor (as the app's sync does), and records
 * when each change was first seen: `note:<id>:<version>`, `gone:<id>`, `card:<id>`, `review:<id>`.
 */
async function listeningDevice(url, cookie) {
  const cursors = { notes: '0', cards: '0', reviews: '0' };
  const seen = new Map();
  /** When each feeds event arrived, by its seq. */
  const events = new Map();
  const waiters = new Map();
  const see = (key) => {
    if (seen.has(key)) return;
    const at = performance.now();
    seen.set(key, at);
    waiters.get(key)?.(at);
    waiters.delete(key);
  };
  const pulls = {
    async notes() {
      for (;;) {
        const page = await json(`${url}/api/notes/changes?since=${cursors.notes}`, cookie);
        for (const note of page.notes) see(`note:${note.id}:${note.version}`);
        for (const id of page.deleted) see(`gone:${id}`);
        cursors.notes = page.cursor;
        if (!page.more) return;
      }
    },
    async cards() {
      for (;;) {
        const page = await json(`${url}/api/cards?since=${cursors.cards}`, cookie);
        for (const card of page.cards) see(`card:${card.id}`);
        cursors.cards = page.cursor;
        if (!page.more) return;
      }
    },
    async reviews() {
      for (;;) {
        const page = await json(`${url}/api/reviews?since=${cursors.reviews}`, cookie);
        for (const review of page.reviews) see(`review:${review.id}`);
        cursors.reviews = page.cursor;
        if (!page.more) return;
      }
    },
  };
  // One pull per feed at a time; an event during a pull asks for one more after it (as the engine does).
  const running = {};
  const again = {};
  const pull = (feed) => {
    if (running[feed]) {
      again[feed] = true;
      return;
    }
    running[feed] = (async () => {
      do {
        again[feed] = false;
        await pulls[feed]();
      } while (again[feed]);
      running[feed] = null;
    })();
  };
  await Promise.all(Object.values(pulls).map((p) => p()));
  const channel = await openChannel(url, cookie, (_event, data) => {
    events.set(data.seq, performance.now());
    const feeds = new Set(data.feeds.map((f) => (f === 'trash' ? 'notes' : f)));
    for (const feed of feeds) if (pulls[feed]) pull(feed);
  });
  return {
    close: channel.close,
    /** When the first event after `time` arrived (one write at a time: that write's event). */
    eventAfter(time) {
      let first = Number.POSITIVE_INFINITY;
      for (const at of events.values()) if (at >= time) first = Math.min(first, at);
      return first;
    },
    /** Resolves with the time the key was seen (at once if it was). */
    when(key, ms = 10_000) {
      if (seen.has(key)) return Promise.resolve(seen.get(key));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${key} not seen within ${ms} ms`)), ms);
        waiters.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
  };
}

/** 100 changes of each kind from A (writeUrl) to B (listenUrl); returns latencies per kind, ms. */
async function propagation(writeUrl, listenUrl) {
  const cookieA = await login(writeUrl);
  const cookieB = await login(listenUrl);
  const b = await listeningDevice(listenUrl, cookieB);
  const kinds = { create: [], edit: [], delete: [], card: [], review: [] };
  const time = async (kind, key, write) => {
    const started = performance.now();
    const result = await write();
    const k = typeof key === 'function' ? key(result) : key;
    kinds[kind].push((await b.when(k)) - started);
    return result;
  };
  const ids = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < CHANGES; i++) {
    const note = await time(
      'create',
      (n) => `note:${n.id}:${n.version}`,
      () =>
        json(`${writeUrl}/api/notes`, cookieA, 'POST', {
          title: `Live ${i}`,
          content: 'x',
          tags: [],
          clientId: `${run}-${i}`,
        }),
    );
    ids.push(note.id);
  }
  for (const id of ids)
    await time('edit', `note:${id}:2`, () =>
      json(`${writeUrl}/api/notes/${id}`, cookieA, 'PUT', { title: `Edited ${id}`, baseVersion: 1 }),
    );
  for (let i = 0; i < CHANGES; i++) {
    const card = {
      kind: 'flashcard',
      id: `fc-${run}-${i}`,
      noteId: `n-${run}`,
      question: `Question ${i}?`,
      answer: `Answer ${i}`,
      cloze: null,
      origin: 'generated',
      edited: false,
      suspended: false,
    };
    await time('card', `card:${card.id}`, () =>
      json(`${writeUrl}/api/cards`, cookieA, 'POST', {
        changes: [{ op: 'put', change: `ch-${run}-${i}`, baseVersion: 0, card }],
      }),
    );
  }
  for (let i = 0; i < CHANGES; i++) {
    const id = `r-${run}-${i}`;
    await time('review', `review:${id}`, () =>
      json(`${writeUrl}/api/reviews`, cookieA, 'POST', {
        reviews: [
          {
            id,
            cardId: `fc-${run}-${i}`,
            noteId: `n-${run}`,
            rating: 3,
            reviewedAt: new Date().toISOString(),
          },
        ],
      }),
    );
  }
  for (const id of ids)
    await time('delete', `gone:${id}`, () =>
      json(`${writeUrl}/api/notes/${id}?version=2`, cookieA, 'DELETE'),
    );
  b.close();
  return kinds;
}

function reportPropagation(label, kinds) {
  const all = [];
  for (const [kind, values] of Object.entries(kinds)) {
    const sorted = [...values].sort((x, y) => x - y);
    all.push(...values);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `${label}, ${kind}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (${values.length} changes)`,
    );
    reportResult({
      bench: 'live-sync',
      metric: `${label}: ${kind}, median`,
      value: Number(median.toFixed(1)),
      unit: 'ms',
      target: '≤ 300 ms',
      pass: median <= 300,
    });
    reportResult({
      bench: 'live-sync',
      metric: `${label}: ${kind}, p95`,
      value: Number(p95.toFixed(1)),
      unit: 'ms',
      target: '≤ 1000 ms',
      pass: p95 <= 1000,
    });
  }
  return all;
}

/** 50 devices connected; each write is timed until the last of them has pulled it. */
async function fanOut(url) {
  const cookie = await login(url);
  const devices = [];
  for (let i = 0; i < FAN_OUT; i++) devices.push(await listeningDevice(url, cookie));
  const times = [];
  const eventTimes = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const note = await json(`${url}/api/notes`, cookie, 'POST', { title: `Fan ${i}`, content: '', tags: [] });
    const seen = await Promise.all(devices.map((d) => d.when(`note:${note.id}:${note.version}`)));
    times.push(Math.max(...seen) - started);
    eventTimes.push(Math.max(...devices.map((d) => d.eventAfter(started))) - started);
  }
  const events = eventTimes.sort((x, y) => x - y);
  console.log(
    `fan-out: the event reaches all ${FAN_OUT} channels: median ${percentile(events, 50).toFixed(1)} ms, p95 ${percentile(events, 95).toFixed(1)} ms`,
  );
  reportResult({
    bench: 'live-sync',
    metric: `a write to ${FAN_OUT} devices, event on every channel, median`,
    value: Number(percentile(events, 50).toFixed(1)),
    unit: 'ms',
    target: '≤ 300 ms',
    pass: percentile(events, 50) <= 300,
  });
  reportResult({
    bench: 'live-sync',
    metric: `a write to ${FAN_OUT} devices, event on every channel, p95`,
    value: Number(percentile(events, 95).toFixed(1)),
    unit: 'ms',
    target: '≤ 1000 ms',
    pass: percentile(events, 95) <= 1000,
  });
  for (const d of devices) d.close();
  const sorted = times.sort((x, y) => x - y);
  const median = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  console.log(
    `fan-out: a write reaches all ${FAN_OUT} devices (event + pull each): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  );
  reportResult({
    bench: 'live-sync',
    metric: `a write to ${FAN_OUT} devices, last one pulled, median`,
    value: Number(median.toFixed(1)),
    unit: 'ms',
    target: '≤ 300 ms',
    pass: median <= 300,
  });
  reportResult({
    bench: 'live-sync',
    metric: `a write to ${FAN_OUT} devices, last one pulled, p95`,
    value: Number(p95.toFixed(1)),
    unit: 'ms',
    target: '≤ 1000 ms',
    pass: p95 <= 1000,
  });
}

const CLOCK_TICKS = 100; // USER_HZ on Linux
function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 1,000 idle channels: resident memory per channel, CPU between heartbeats and per heartbeat round. */
async function idleCost(server) {
  const cookie = await login(server.url);
  // Warm the path (and the session's touch) with a few channels first, then let the heap settle.
  for (const c of await Promise.all(Array.from({ length: 20 }, () => openChannel(server.url, cookie))))
    c.close();
  await sleep(2000);
  const before = rssKb(server.pid);
  const channels = [];
  for (let i = 0; i < IDLE_CHANNELS; i += 50)
    channels.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, IDLE_CHANNELS - i) }, () => openChannel(server.url, cookie)),
      )),
    );
  await sleep(2000);
  const after = rssKb(server.pid);
  const perChannelKb = (after - before) / IDLE_CHANNELS;
  // A quiet window that holds no heartbeat (they come every 25 s; the first one ~25 s after the first channel).
  const quietStart = cpuMs(server.pid);
  await sleep(10_000);
  const quiet = cpuMs(server.pid) - quietStart;
  // A window holding one heartbeat round to all channels.
  const roundStart = cpuMs(server.pid);
  await sleep((HEARTBEAT_S - 10) * 1000 + 2000);
  const round = cpuMs(server.pid) - roundStart;
  for (const c of channels) c.close();
  console.log(
    `${IDLE_CHANNELS} idle channels: server RSS ${(before / 1024).toFixed(1)} → ${(after / 1024).toFixed(1)} MB, ` +
      `${perChannelKb.toFixed(1)} KB per channel; CPU ${quiet.toFixed(0)} ms over 10 s without a heartbeat, ` +
      `${round.toFixed(0)} ms over ${HEARTBEAT_S - 8} s holding one heartbeat round (clock tick 10 ms)`,
  );
  reportResult({
    bench: 'live-sync',
    metric: `${IDLE_CHANNELS} idle channels: server memory per channel (RSS)`,
    value: Number(perChannelKb.toFixed(1)),
    unit: 'KB',
  });
  reportResult({
    bench: 'live-sync',
    metric: `${IDLE_CHANNELS} idle channels: server CPU over 10 s between heartbeats`,
    value: Math.round(quiet),
    unit: 'ms',
  });
  reportResult({
    bench: 'live-sync',
    metric: `${IDLE_CHANNELS} idle channels: server CPU over a window with one heartbeat round`,
    value: Math.round(round),
    unit: 'ms',
  });
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);
const built = { built: true };
const quietLog = { LOG_REQUESTS: 'false' };
const one = await startServer(quietLog, built);
try {
  if (PARTS.has('propagation')) {
    const all = reportPropagation('one instance', await propagation(one.url, one.url));
    const sorted = all.sort((x, y) => x - y);
    console.log(
      `one instance, all kinds: median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
    );
  }
  if (PARTS.has('fanout')) await fanOut(one.url);
} finally {
  await one.stop();
}
if (PARTS.has('idle')) {
  // A fresh server: garbage left by the parts above would be collected during the measurement.
  const idle = await startServer(quietLog, built);
  try {
    await idleCost(idle);
  } finally {
    await idle.stop();
  }
}

if (PARTS.has('postgres')) {
  const cluster = await startCluster({ fsync: true });
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client(cluster.url());
    await client.connect();
    await client.query('CREATE DATABASE bench_live');
    await client.end();
    const first = await startServer({ ...quietLog, DATABASE_URL: cluster.url('bench_live') }, built);
    const second = await startServer({ ...quietLog, DATABASE_URL: cluster.url('bench_live') }, built);
    try {
      const all = reportPropagation(
        'PostgreSQL, A on instance 1, B on instance 2',
        await propagation(first.url, second.url),
      );
      const sorted = all.sort((x, y) => x - y);
      console.log(
        `two instances, all kinds: median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
      );
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  } finally {
    await cluster.stop();
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
