// The production server is JavaScript run by plain node: the bundle built by sync-server/build.mjs starts,
// signs in and stores a note without tsx, and `npm start` (scripts/start.mjs) runs that bundle.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { buildServer } from '../build.mjs';
import { makeTempDir, OWNER_PASSWORD } from './helpers.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.dirname(serverRoot);
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanups.splice(0).reverse()) cleanUp();
});

function waitForListening(child: ChildProcess): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${out}`)));
  });
}

function run(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', OWNER_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

it('the built bundle runs with plain node: sign in, store a note', async () => {
  // Two folders below the repository root, like the real sync-server/dist (the server finds .env by it).
  const outDir = mkdtempSync(path.join(serverRoot, 'dist-test-'));
  const dataDir = await makeTempDir('pn-build-');
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  await buildServer(path.join(outDir, 'server.js'));

  const url = await waitForListening(run([path.join(outDir, 'server.js')], { DATA_DIR: dataDir }));
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const created = await fetch(`${url}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: 'Built', content: 'Runs without tsx', tags: [] }),
  });
  expect(created.status).toBe(201);
});

it.runIf(process.platform === 'linux')(
  'npm start runs the built bundle with plain node, in production mode',
  async () => {
    const dataDir = await makeTempDir('pn-start-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // A stand-in web build, so the launcher does not build the web app (this test is about the server).
    const webDist = path.join(dataDir, 'web/dist');
    mkdirSync(path.join(webDist, '.vite'), { recursive: true });
    mkdirSync(path.join(dataDir, 'web/dist-ssr'));
    writeFileSync(path.join(webDist, '.vite/manifest.json'), '{}');
    writeFileSync(path.join(dataDir, 'web/dist-ssr/entry-server.js'), '');

    const launcher = run([path.join(repoRoot, 'scripts/start.mjs')], {
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: webDist,
      // Unset, as in a shell (vitest sets it to "test"; empty counts as unset).
      NODE_ENV: '',
    });
    await waitForListening(launcher);
    // The launcher may also have run esbuild (its service is a child too, when the bundle was stale).
    const children = readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter(Boolean);
    for (const pid of children) cleanups.push(() => process.kill(Number(pid), 'SIGKILL'));
    const commands = children.map((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1),
    );
    expect(commands).toContainEqual(['--enable-source-maps', path.join(serverRoot, 'dist/server.js')]);
    // React's production build renders the pages (it reads NODE_ENV when it loads).
    const server = children[commands.findIndex((args) => args[1]?.endsWith('dist/server.js'))];
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    expect(environment).toContain('NODE_ENV=production');
  },
);
