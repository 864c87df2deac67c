// A private copy of the built web app (building it first if needed), for tests of server-rendered pages:
// other builds may replace web/dist while a test runs. Inside node_modules so the server bundle resolves
// its packages from the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where a build in progress is marked, so test files in other workers wait for it instead of building too. */
const BUILD_LOCK = path.join(root, 'node_modules/.cache/pn-web-build.lock');
/** A lock older than this was left by a worker that died mid-build. */
const STALE_LOCK_MS = 10 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds the web app unless it is built (`npm test` builds first). Test files run in two workers: a second
 * build started beside the first would empty web/dist while the first is copied, so one builds and the
 * others wait for it.
 */
export function ensureWebAppBuilt(): void {
  const built = () => existsSync(path.join(root, 'web/dist-ssr/entry-server.js'));
  if (built()) return;
  mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(BUILD_LOCK).mtimeMs > STALE_LOCK_MS)
          rmSync(BUILD_LOCK, { recursive: true });
      } catch {
        // Removed meanwhile: try again.
      }
      sleep(500);
    }
  }
  try {
    if (built()) return;
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export function copyBuiltWebApp(name: string): { webDistDir: string; remove(): void } {
  ensureWebAppBuilt();
  const copy = path.join(root, 'node_modules/.cache', name, String(process.pid));
  cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
  cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
  return {
    webDistDir: path.join(copy, 'dist'),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}
