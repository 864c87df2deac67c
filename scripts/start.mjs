// `npm start`: builds what is missing (the web app: client and server-rendering bundle; the server:
// sync-server/dist, also rebuilt when its sources changed since), then runs the built server with plain
// node in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBuildIsStale } from '../sync-server/build.mjs';
import { SUPPORTED_NODE, supportsNode } from './node-version.mjs';

if (!supportsNode(process.version)) {
  console.error(
    `Private Notes needs Node ${SUPPORTED_NODE}; this is Node ${process.version}. Install a supported version ` +
      '(for example the current LTS) and run npm start again.',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR || path.join(root, 'web/dist');
// The server renders pages with dist-ssr/entry-server.js beside the client build (see pages/web-app.ts).
const built = [
  path.join(dist, '.vite/manifest.json'),
  path.join(path.dirname(dist), 'dist-ssr/entry-server.js'),
];

if (!built.every((file) => existsSync(file))) {
  console.log('The web app is not built yet: building it first (npm run build -w web)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; starting the server anyway (it serves a "not built" page).');
  }
}

// A stale bundle would run yesterday's server after a `git pull`: rebuilding takes about a second.
if (await serverBuildIsStale()) {
  console.log('Building the server (sync-server/dist)…');
  await buildServer();
}

// One process (plain node on the bundle), so SIGKILL or a signal reaches the server itself; signals sent
// to this launcher are passed on, and it exits with the server's status. NODE_ENV=production unless set
// otherwise: React (server rendering) and Express pick their production builds from it when they load, and
// React's development build renders pages several times slower.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
