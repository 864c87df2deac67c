// A throwaway PostgreSQL cluster in a temporary folder (initdb + pg_ctl, no containers), for the tests, the
// bench and trying DATABASE_URL locally: `node scripts/pg-cluster.mjs [port]` keeps one running until Ctrl-C.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest Debian PostgreSQL under /usr/lib/postgresql, or PG_BIN. */
export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (Debian) or set PG_BIN to the folder holding initdb and pg_ctl.',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** The first port of the range nobody listens on. */
export async function freePort(from, to) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

/**
 * Starts a cluster (about 3 s). PostgreSQL refuses to run as root, so as root the folder is handed to the
 * `postgres` user and the commands run as that user.
 */
export async function startCluster({ port, fsync = true, maxConnections = 300 } = {}) {
  const bin = postgresBinDir();
  let chosenPort = port ?? (await freePort(4750, 4799));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pn-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
  }
  const exec = (tool, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const log = path.join(dir, 'log');
  let startOptions = '';
  for (let attempt = 1; ; attempt++) {
    const options = [
      `-p ${chosenPort}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      `-c max_connections=${maxConnections}`,
      `-c fsync=${fsync ? 'on' : 'off'}`,
    ].join(' ');
    try {
      await exec('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
      startOptions = options;
      break;
    } catch (error) {
      // Another cluster (a parallel test run) took the port between the check and the bind: try the next.
      const taken = (await readFile(log, 'utf8').catch(() => '')).includes('Address already in use');
      if (port !== undefined || !taken || attempt >= 10) throw error;
      chosenPort = await freePort(chosenPort + 1, 4799);
    }
  }
  let stopped = false;
  const startAgain = () => exec('pg_ctl', ['-D', data, '-o', startOptions, '-l', log, '-w', 'start']);
  return {
    port: chosenPort,
    dir,
    /** A URL for one database of the cluster (default `postgres`). */
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${chosenPort}/${database}`,
    /** `pg_ctl restart` in the given shutdown mode: every connection is terminated, then it accepts again. */
    async restart(mode = 'fast') {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-l', log, '-w', 'restart']);
    },
    /** Stops the server (fast shutdown), waits `ms`, and starts it again on the same port. */
    async pause(ms, mode = 'fast') {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, ms));
      await startAgain();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cluster = await startCluster({ port: process.argv[2] ? Number(process.argv[2]) : undefined });
  console.log(
    `PostgreSQL ready: DATABASE_URL=${cluster.url()}  (Ctrl-C stops it and deletes ${cluster.dir})`,
  );
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
}
