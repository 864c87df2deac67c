// The public read path measured as a browser asks, against what the machine can do: `/blog` (100 posts), a
// post page, a tag page, `/api/blog`, `/rss.xml`, `/sitemap.xml` and the largest hashed script, each asked
// with a browser's `Accept-Encoding: br, gzip, deflate, zstd`, from the production server as `npm start`
// runs it (`NODE_ENV=production node --enable-source-maps sync-server/dist/server.js`, default settings: request logging on,
// its standard output kept in a file as a service manager would keep it), pinned to core 1 with taskset,
// while Debian's wrk runs on core 0 (`wrk -t1 -c50 --latency`). Beside it, on the same core, a bare node:http
// server replays exactly the bytes and headers the app sent for each path. Three alternating rounds (which
// server goes first swaps every round), median; p99 is wrk's own latency distribution. Then the cost of the
// request log: the same server with logging off against logging on, alternating (PUBLIC_READ_PART=log runs
// only that, PUBLIC_READ_PART=reads skips it; PUBLIC_READ_RESTART=1 restarts the server after seeding). Goals: every ratio to bare ≥ 0.8, p99 ≤ 10 ms at 50 connections; logging costs < 10 %.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBuildIsStale } from '../sync-server/build.mjs';
import { BENCH_PASSWORD, reportResult } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTS = 100;
const CONNECTIONS = 50;
const ROUNDS = 3;
const DURATION_S = Number(process.env.PUBLIC_READ_DURATION) || 5;
/** What Chromium sends today. */
const ACCEPT = 'br, gzip, deflate, zstd';
const SERVER_CPU = '1';
const LOAD_CPU = '0';
const RATIO_TARGET = 0.8;
const P99_TARGET_MS = 10;
const LOG_COST_TARGET = 0.1;

/** wrk and taskset are the method: without them the figures would mean something else, so none are made. */
function ensureTools() {
  if (spawnSync('wrk', ['--version']).error !== undefined) {
    console.error(
      "public-read: wrk is not installed, so nothing was measured. This bench measures with Debian's wrk " +
        '(apt-get install wrk); install it and run it again.',
    );
    process.exit(1);
  }
  if (spawnSync('taskset', ['-c', SERVER_CPU, 'true']).status !== 0) {
    console.error(
      `public-read: cannot pin to core ${SERVER_CPU} with taskset (util-linux; at least 2 cores), so nothing was measured.`,
    );
    process.exit(1);
  }
}

/**
 * A private copy of the build (precompressed), so a rebuild elsewhere cannot change it mid-run, and the
 * server bundle `npm start` runs, in place (it resolves the server's own packages from sync-server/), rebuilt
 * first when older than its sources, as `npm start` does.
 */
async function buildCopy(dir) {
  if (!existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  if (await serverBuildIsStale()) await buildServer();
  cpSync(path.join(root, 'web/dist'), path.join(dir, 'web/dist'), { recursive: true });
  cpSync(path.join(root, 'web/dist-ssr'), path.join(dir, 'web/dist-ssr'), { recursive: true });
  execFileSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), path.join(dir, 'web/dist')]);
  return { dist: path.join(dir, 'web/dist'), bundle: SERVER_BUNDLE };
}

/** Starts a process pinned to the server core, its output to a file; resolves with its URL once it listens. */
async function startPinned(args, env, logFile) {
  const out = openSync(logFile, 'w');
  const child = spawn('taskset', ['-c', SERVER_CPU, process.execPath, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = readFileSync(logFile, 'utf8').match(/listening on (http:\/\/[\d.]+:\d+)/);
    if (match) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${args.join(' ')} did not start:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = readFileSync(logFile, 'utf8').match(/listening on (http:\/\/[\d.]+:\d+)/)[1];
  return {
    url,
    // taskset replaces itself with node: the child's pid is the server's.
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server as `npm start` runs it: plain node on the bundle, NODE_ENV=production, default settings but for what a run needs. */
function startApp({ dist, bundle }, dataDir, logFile, env = {}) {
  return startPinned(
    ['--enable-source-maps', bundle],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_PASSWORD: BENCH_PASSWORD,
      WEB_DIST_DIR: dist,
      // As scripts/start.mjs sets it: React's and Express's production builds.
      NODE_ENV: 'production',
      ...env,
    },
    logFile,
  );
}

/** node:http GET: the raw (still compressed) bytes and headers, as a browser's request would get them. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            rawHeaders: res.rawHeaders,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function seed(url) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const paragraph =
    'Linking notes by idea rather than by folder lets a collection grow without a plan. Each permanent note ' +
    'states one thought in full sentences and points to the notes it builds on. ';
  for (let i = 1; i <= POSTS; i++) {
    const res = await fetch(`${url}/api/admin/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Knowledge work, part ${i}`,
        excerpt: paragraph.slice(0, 150),
        content: `# Part ${i}\n\n${paragraph.repeat(6)}\n\n## Practice\n\n${paragraph.repeat(4)}`,
        tags: ['knowledge', i % 2 ? 'productivity' : 'tools', `series-${i % 7}`],
        published: true,
      }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`seeding post ${i} answered ${res.status}`);
  }
}

// Replays, for each path, the status, headers (all but those node:http adds itself) and bytes recorded.
const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const answers = new Map(JSON.parse(readFileSync(process.argv[1], 'utf8')).map((a) => [a.path, { ...a, body: readFileSync(a.bodyFile) }]));
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) { res.writeHead(404); res.end(); return; }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

const NODE_ADDS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ: 100 nearly everywhere). */
function clockTicks() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
}
const CLOCK_TICKS = clockTicks();

/** CPU seconds a process has used so far, all its threads (libuv's pool included). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Runs wrk on the load core against `server` (its own core): requests/s, p99 (ms), and the server's CPU
 * time per request, which other engineers' load on the machine does not inflate the way it does req/s.
 */
function wrk(server, urlPath) {
  const url = server.url + urlPath;
  const cpuBefore = cpuSeconds(server.pid);
  const out = execFileSync(
    'taskset',
    [
      '-c',
      LOAD_CPU,
      'wrk',
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${DURATION_S}s`,
      '--latency',
      // The machine is shared: a stall of a few seconds is counted as latency, not as a failed request.
      '--timeout',
      '10s',
      '-H',
      `Accept-Encoding: ${ACCEPT}`,
      url,
    ],
    { encoding: 'utf8' },
  );
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99 = out.match(/^\s+99%\s+([\d.]+)(us|ms|s)/m);
  const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : Number.NaN;
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const errors = out.match(/Socket errors: .*/)?.[0];
  if (non2xx > 0 || (errors && /(connect|read|write|timeout) [1-9]/.test(errors)) || !(rps > 0))
    throw new Error(`wrk ${url}: failed requests\n${out}`);
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  const cpuUs = ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / requests;
  server.requests = (server.requests ?? 0) + requests;
  return { rps, p99ms, cpuUs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US');

ensureTools();
const work = mkdtempSync(path.join(os.tmpdir(), 'pn-public-read-'));
// Inside node_modules/.cache so the server-rendering bundle resolves its packages from the repository.
const copyDir = path.join(root, 'node_modules/.cache/pn-public-read', String(process.pid));
const stops = [];
try {
  const build = await buildCopy(copyDir);
  const { dist } = build;
  const dataDir = path.join(work, 'data');
  let app = await startApp(build, dataDir, path.join(work, 'app.log'));
  stops.push(app.stop);
  await seed(app.url);
  // PUBLIC_READ_RESTART=1 measures a server started after the seeding, which has served no API request yet
  // (as right after a restart). Node's own HTTP code runs slower in a process that has also served the
  // owner's API through Express (its property lookups see many shapes of request and response objects);
  // this shows how much of the gap to the bare server that is.
  if (process.env.PUBLIC_READ_RESTART === '1') {
    await app.stop();
    stops.pop();
    app = await startApp(build, dataDir, path.join(work, 'app.log'));
    stops.push(app.stop);
    console.log('the server was restarted after seeding (PUBLIC_READ_RESTART=1)');
  }

  const list = JSON.parse((await rawGet(`${app.url}/api/blog`)).body.toString('utf8'));
  if (list.length !== POSTS) throw new Error(`expected ${POSTS} posts, got ${list.length}`);
  // The post page's address as the blog links it (the bare /blog/post/{id} redirects to it).
  const postRedirect = await rawGet(`${app.url}/blog/post/${list[0].id}`);
  const postPath =
    postRedirect.status >= 300 && postRedirect.status < 400
      ? postRedirect.headers.location
      : `/blog/post/${list[0].id}`;
  const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const largest = assets.sort(
    (a, b) => statSync(path.join(dist, 'assets', b)).size - statSync(path.join(dist, 'assets', a)).size,
  )[0];
  const targets = [
    { name: '/blog (100 posts)', path: '/blog' },
    { name: 'a post page', path: postPath },
    { name: 'a tag page (50 posts)', path: '/blog/tags/tools' },
    { name: '/api/blog', path: '/api/blog' },
    { name: '/rss.xml', path: '/rss.xml' },
    { name: '/sitemap.xml', path: '/sitemap.xml' },
    { name: `the largest hashed script (${largest})`, path: `/assets/${largest}` },
  ];

  // Record each answer exactly as a browser gets it, twice (the second from the warm cache).
  const recorded = [];
  for (const target of targets) {
    await rawGet(app.url + target.path, { 'accept-encoding': ACCEPT });
    const answer = await rawGet(app.url + target.path, { 'accept-encoding': ACCEPT });
    if (answer.status !== 200) throw new Error(`${target.path} answered ${answer.status}`);
    if (answer.headers['content-encoding'] !== 'br')
      throw new Error(`${target.path} is not sent brotli-compressed`);
    const headers = [];
    for (let i = 0; i < answer.rawHeaders.length; i += 2)
      if (!NODE_ADDS.has(answer.rawHeaders[i].toLowerCase()))
        headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    const bodyFile = path.join(work, `body-${recorded.length}`);
    writeFileSync(bodyFile, answer.body);
    recorded.push({ path: target.path, status: answer.status, headers, bodyFile });
    target.bytes = answer.body.length;
  }
  let allMet = true;
  // PUBLIC_READ_PART=log measures only the cost of the request log (for iterating on the logger).
  if (process.env.PUBLIC_READ_PART !== 'log') {
    const specFile = path.join(work, 'bare.json');
    writeFileSync(specFile, JSON.stringify(recorded));
    const bare = await startPinned(
      ['--input-type=module', '-e', BARE_SERVER, specFile],
      {},
      path.join(work, 'bare.log'),
    );
    stops.push(bare.stop);

    console.log(
      `Accept-Encoding: ${ACCEPT}; server and bare node:http on core ${SERVER_CPU}, wrk -t1 -c${CONNECTIONS} ` +
        `-d${DURATION_S}s on core ${LOAD_CPU}; ${ROUNDS} alternating rounds; load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    for (const target of targets) {
      wrk(app, target.path); // warm-up, not counted
      target.app = [];
      target.bare = [];
    }
    // Which server goes first swaps every round, so neither profits from the order.
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        if (round % 2 === 0) {
          target.app.push(wrk(app, target.path));
          target.bare.push(wrk(bare, target.path));
        } else {
          target.bare.push(wrk(bare, target.path));
          target.app.push(wrk(app, target.path));
        }
      }
    }

    for (const target of targets) {
      const appRps = median(target.app.map((r) => r.rps));
      const bareRps = median(target.bare.map((r) => r.rps));
      const p99 = median(target.app.map((r) => r.p99ms));
      const bareP99 = median(target.bare.map((r) => r.p99ms));
      const ratio = appRps / bareRps;
      const appCpu = median(target.app.map((r) => r.cpuUs));
      const bareCpu = median(target.bare.map((r) => r.cpuUs));
      const goal = RATIO_TARGET;
      allMet &&= ratio >= goal && p99 <= P99_TARGET_MS;
      console.log(
        `${target.name} (${(target.bytes / 1024).toFixed(1)} KB br): app ${fmt(appRps)} req/s, p99 ${p99.toFixed(2)} ms, ` +
          `${appCpu.toFixed(1)} µs CPU/request · bare ${fmt(bareRps)} req/s, p99 ${bareP99.toFixed(2)} ms, ` +
          `${bareCpu.toFixed(1)} µs CPU/request · ratio ${ratio.toFixed(2)} (goal ≥ ${goal}); by CPU time ${(bareCpu / appCpu).toFixed(2)}`,
      );
      reportResult({
        bench: 'public-read',
        metric: `${target.name} server CPU per request (app / bare)`,
        value: `${appCpu.toFixed(1)} / ${bareCpu.toFixed(1)}`,
        unit: 'µs',
      });
      reportResult({
        bench: 'public-read',
        metric: `${target.name} req/s (app / bare)`,
        value: `${fmt(appRps)} / ${fmt(bareRps)}`,
        unit: '',
      });
      reportResult({
        bench: 'public-read',
        metric: `${target.name} ratio to bare node:http`,
        value: Number(ratio.toFixed(2)),
        unit: '',
        target: `>= ${goal}`,
        pass: ratio >= goal,
      });
      reportResult({
        bench: 'public-read',
        metric: `${target.name} p99 at ${CONNECTIONS} connections`,
        value: Number(p99.toFixed(2)),
        unit: 'ms',
        target: `<= ${P99_TARGET_MS}`,
        pass: p99 <= P99_TARGET_MS,
      });
    }
    await bare.stop();
    stops.pop();
  }

  // Logging on is part of the method: every request wrk made has its line (a stop writes what waits).
  await app.stop();
  stops.pop();
  // Read line by line: on a quiet machine the runs write more than a JavaScript string can hold.
  let appLines = 0;
  for await (const line of createInterface({ input: createReadStream(path.join(work, 'app.log')) }))
    if (line.includes('"request completed"')) appLines++;
  const logComplete = appLines >= (app.requests ?? 0);
  allMet &&= logComplete;
  console.log(
    `request lines written by the measured server: ${fmt(appLines)} for ${fmt(app.requests ?? 0)} requests wrk counted`,
  );
  reportResult({
    bench: 'public-read',
    metric: 'a request line for every request wrk counted',
    value: `${appLines} / ${app.requests ?? 0}`,
    unit: '',
    target: 'all',
    pass: logComplete,
  });

  // PUBLIC_READ_PART=reads measures only the reads against bare.
  if (process.env.PUBLIC_READ_PART !== 'reads') {
    // The cost of the request log: the same data, a second server with logging off, alternating with the first.
    // A copy of the same data for the server with logging off (the store's folder lock allows one server a folder).
    cpSync(dataDir, path.join(work, 'data-silent'), { recursive: true });
    const logged = await startApp(build, dataDir, path.join(work, 'app-logged.log'));
    stops.push(logged.stop);
    const silent = await startApp(build, path.join(work, 'data-silent'), path.join(work, 'app-silent.log'), {
      LOG_REQUESTS: 'false',
    });
    stops.push(silent.stop);
    for (const target of targets.filter((t) => t.path === '/api/blog' || t.path === '/blog')) {
      // The first page render loads the server-rendering bundle: done before any timing.
      await rawGet(logged.url + target.path, { 'accept-encoding': ACCEPT });
      await rawGet(silent.url + target.path, { 'accept-encoding': ACCEPT });
      wrk(logged, target.path);
      wrk(silent, target.path);
      const on = [];
      const off = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          on.push(wrk(logged, target.path));
          off.push(wrk(silent, target.path));
        } else {
          off.push(wrk(silent, target.path));
          on.push(wrk(logged, target.path));
        }
      }
      const cost = 1 - median(on.map((r) => r.rps)) / median(off.map((r) => r.rps));
      allMet &&= cost < LOG_COST_TARGET;
      const onCpu = median(on.map((r) => r.cpuUs));
      const offCpu = median(off.map((r) => r.cpuUs));
      console.log(
        `request log on ${target.path}: on ${fmt(median(on.map((r) => r.rps)))} req/s, ${onCpu.toFixed(1)} µs CPU/request · ` +
          `off ${fmt(median(off.map((r) => r.rps)))} req/s, ${offCpu.toFixed(1)} µs CPU/request · costs ${(cost * 100).toFixed(1)} % ` +
          `of throughput, ${((onCpu / offCpu - 1) * 100).toFixed(1)} % more CPU per request (goal < ${LOG_COST_TARGET * 100} %)`,
      );
      reportResult({
        bench: 'public-read',
        metric: `request log extra CPU per request on ${target.path}`,
        value: Number(((onCpu / offCpu - 1) * 100).toFixed(1)),
        unit: '%',
      });
      reportResult({
        bench: 'public-read',
        metric: `request log cost on ${target.path} (on vs off)`,
        value: Number((cost * 100).toFixed(1)),
        unit: '%',
        target: `< ${LOG_COST_TARGET * 100}`,
        pass: cost < LOG_COST_TARGET,
      });
    }
    let lines = 0;
    let sample = '';
    for await (const line of createInterface({
      input: createReadStream(path.join(work, 'app-logged.log')),
    })) {
      lines++;
      if (!sample && line.includes('"request completed"')) sample = line;
    }
    console.log(`${lines} log lines written by the logging server; one of them: ${sample}`);
  }
  console.log(allMet ? 'every public-read goal met' : 'some public-read goals MISSED');
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  if (!process.env.PUBLIC_READ_KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
  rmSync(copyDir, { recursive: true, force: true });
}
