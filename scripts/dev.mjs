// `npm run dev`: the API server (tsx; restart `npm run dev` after server changes) and the Vite dev server with hot reload, which
// renders in the browser and proxies /api to the API server. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';

const children = [
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'sync-server/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: apiPort },
  }),
  spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      '--config',
      path.join(root, 'vite.config.ts'),
      '--port',
      webPort,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } },
  ),
];
console.log(`API on http://127.0.0.1:${apiPort}, app on http://localhost:${webPort}`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
