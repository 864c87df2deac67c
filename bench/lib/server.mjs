// Bench helper: runs the real server (sync-server/src/server.ts) as a child process on a temp DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_PASSWORD = 'bench password 123';

/**
 * Starts the server with PORT=0 and resolves once it listens. `stop()` ends it (SIGTERM, so the store
 * compacts and closes) and deletes the data folder. `built`: the bundle `npm start` runs
 * (sync-server/dist/server.js, needs `npm run build`) with its production defaults (the request log on).
 */
export async function startServer(env = {}, { built = false } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pn-bench-'));
  const args = built
    ? [path.join(root, 'sync-server/dist/server.js')]
    : ['--import', 'tsx', path.join(root, 'sync-server/src/server.ts')];
  // BENCH_SERVER_PROFILE=DIR: the server's CPU profile (node --cpu-prof), written to DIR when it stops.
  if (process.env.BENCH_SERVER_PROFILE)
    args.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_PASSWORD: BENCH_PASSWORD,
      ...(built ? {} : { LOG_REQUESTS: 'false' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return {
    url,
    dataDir,
    /** The server's process id (its memory and CPU time are read from /proc by live-sync.bench.mjs). */
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the owner; returns the cookie header value. */
export async function login(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

/** Prints a machine-readable figure that bench/run.mjs gathers into the summary table. */
export function reportResult(result) {
  console.log(`RESULT ${JSON.stringify(result)}`);
}
