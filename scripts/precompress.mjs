// Build step (after `vite build`): writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside
// every text file of web/dist worth compressing, so the server answers compressed requests from these
// bytes instead of compressing per request (sync-server/src/pages/static-files.ts). A variant that would not
// be smaller is not written. `node scripts/precompress.mjs [dist folder]`.
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'web/dist'));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico|pack)$/;
/** Below this the server sends the file as it is anyway (answer-cache.ts COMPRESS_MIN_BYTES). */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function writeVariant(file, suffix, original, compressed) {
  const target = file + suffix;
  if (compressed.length < original.length) await writeFile(target, compressed);
  // A variant left from an earlier build must not outlive its file.
  else await unlink(target).catch(() => {});
  return compressed.length < original.length ? compressed.length : original.length;
}

async function precompress(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file,
    size: body.length,
    br: await writeVariant(file, '.br', body, br),
    gz: await writeVariant(file, '.gz', body, gz),
  };
}

const started = Date.now();
const jobs = [];
try {
  await stat(dist);
} catch {
  console.error(`precompress: ${dist} does not exist; run vite build first.`);
  process.exit(1);
}
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  jobs.push(precompress(file));
}
const done = await Promise.all(jobs);
const sum = (key) => done.reduce((total, d) => total + d[key], 0);
console.log(
  `precompress: ${done.length} files, ${(sum('size') / 1024).toFixed(0)} KB → brotli ${(sum('br') / 1024).toFixed(0)} KB, ` +
    `gzip ${(sum('gz') / 1024).toFixed(0)} KB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
