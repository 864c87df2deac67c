// Builds the server to plain JavaScript for `npm start`: one ES module bundle (sync-server/dist/server.js)
// holding the server's code and the shared package's TypeScript, with every npm package left as an import
// resolved from node_modules at run time. Development and tests keep running the sources through tsx.
import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(serverRoot);
export const SERVER_ENTRY = path.join(serverRoot, 'src/server.ts');
export const SERVER_BUNDLE = path.join(serverRoot, 'dist/server.js');
/** Where the bundle's code comes from: a change here makes a built server stale. */
const SOURCE_DIRS = [path.join(serverRoot, 'src'), path.join(repoRoot, 'shared/src')];

// The workspace packages ship TypeScript, so they are bundled; everything else stays external.
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@private-notes/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles src/server.ts into `outfile`. The bundle must sit two folders below the repository root (like
 * src/server.ts), because the server finds `.env` and `web/dist` relative to its own file.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  // Loaded here, so a production install without dev dependencies can still check staleness and start.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

async function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than a file it was built from (e.g. after a `git pull`). */
export async function serverBuildIsStale(outfile = SERVER_BUNDLE) {
  let built;
  try {
    built = statSync(outfile).mtimeMs;
  } catch {
    return true;
  }
  for (const dir of SOURCE_DIRS) if ((await newestSourceTime(dir)) > built) return true;
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Server built: ${path.relative(repoRoot, SERVER_BUNDLE)}`);
}
