// `npm start`: builds the web app when web/dist is missing, then runs the server in this process's place.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'), 'index.html');

if (!existsSync(distIndex)) {
  console.log('web/dist is missing: building the web app first (npm run build)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; starting the server anyway (it serves a "not built" page).');
  }
}

// One process (node --import tsx), so signals reach the server directly and it shuts down cleanly.
const server = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'sync-server/src/server.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(server.status ?? 1);
