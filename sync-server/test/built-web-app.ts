// A private copy of the built web app (building it first if needed), for tests of server-rendered pages:
// other builds may replace web/dist while a test runs. Inside node_modules so the server bundle resolves
// its packages from the repository.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function copyBuiltWebApp(name: string): { webDistDir: string; remove(): void } {
  if (!existsSync(path.join(root, 'web/dist-ssr/entry-server.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const copy = path.join(root, 'node_modules/.cache', name, String(process.pid));
  cpSync(path.join(root, 'web/dist'), path.join(copy, 'dist'), { recursive: true });
  cpSync(path.join(root, 'web/dist-ssr'), path.join(copy, 'dist-ssr'), { recursive: true });
  return {
    webDistDir: path.join(copy, 'dist'),
    remove: () => rmSync(copy, { recursive: true, force: true }),
  };
}
