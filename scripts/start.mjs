// `npm start`: builds the web app when its build (client and server-rendering bundle) is missing, then runs
// the server in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR || path.join(root, 'web/dist');
// The server renders pages with dist-ssr/entry-server.js beside the client build (see pages/web-app.ts).
const built = [
  path.join(dist, '.vite/manifest.json'),
  path.join(path.dirname(dist), 'dist-ssr/entry-server.js'),
];

if (!built.every((file) => existsSync(file))) {
  console.log('The web app is not built yet: building it first (npm run build)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; starting the server anyway (it serves a "not built" page).');
  }
}

// One process (node --import tsx), so SIGKILL or a signal reaches the server itself; signals sent to this
// launcher are passed on, and it exits with the server's status.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'sync-server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
