// The build's files (web/dist) served from memory with the brotli and gzip forms made at build time
// (scripts/precompress.mjs writes `file.br` and `file.gz` beside each file worth compressing), so no
// request compresses anything. Headers are those express.static gave (type, Cache-Control, weak ETag from
// size and modification time, Last-Modified, Accept-Ranges), plus Vary and Content-Encoding for the
// variants. Byte ranges and anything not found here are left to express.static.
import { readdirSync, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import mime from 'mime-types';
import { CachedAnswer, type Encoding } from '../routes/answer-cache.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite puts content-hashed files under assets/; workbox-<hash>.js carries its hash in the name. */
export function isHashed(rel: string): boolean {
  return rel.startsWith('assets/') || /^workbox-[0-9a-f]+\.js$/.test(rel);
}

/** Text types and the app pack (web/pwa/app-pack.ts, mostly scripts): compressed when large enough (the same list
 * scripts/precompress.mjs uses). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico|pack)$/;
const VARIANT_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface FileEntry {
  file: string;
  rel: string;
  stats: Stats;
  answer: Promise<CachedAnswer> | null;
}

/** The ETag `send` (express.static) gives a file: weak, from its size and modification time. */
function fileEtag(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
}

function listFiles(dir: string, rel = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    // Vite's manifest folder is for the server, not for visitors (express.static skips dotfiles too).
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) out.push(...listFiles(dir, child));
    else if (entry.isFile()) out.push([child, path.join(dir, child)]);
  }
  return out;
}

export class StaticFiles {
  readonly #files = new Map<string, FileEntry>();

  /** Lists the build's files once at start (their bytes are read on first request and kept). */
  constructor(dist: string) {
    const all = listFiles(dist);
    const names = new Set(all.map(([rel]) => rel));
    for (const [rel, file] of all) {
      // A variant is served in place of its file, never on its own address.
      if (/\.(br|gz)$/.test(rel) && names.has(rel.replace(/\.(br|gz)$/, ''))) continue;
      this.#files.set(`/${rel}`, { file, rel, stats: statSync(file), answer: null });
    }
  }

  /** The cached answer for a URL path (`/assets/x.js`), or null when the build has no such file. */
  answerFor(urlPath: string): Promise<CachedAnswer> | null {
    const entry = this.#files.get(urlPath);
    if (!entry) return null;
    entry.answer ??= this.#load(entry).catch((error: unknown) => {
      entry.answer = null;
      throw error;
    });
    return entry.answer;
  }

  async #load({ file, rel, stats }: FileEntry): Promise<CachedAnswer> {
    const body = await readFile(file);
    const variants: Partial<Record<Encoding, Buffer>> = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const variant = await readVariant(file + VARIANT_SUFFIX[encoding], encoding, body);
      if (variant) variants[encoding] = variant;
    }
    return new CachedAnswer(
      body,
      mime.contentType(path.extname(file)) || 'application/octet-stream',
      isHashed(rel) ? IMMUTABLE : 'no-cache',
      { etag: fileEtag(stats), lastModified: stats.mtime, variants, varies: COMPRESSIBLE.test(rel) },
    );
  }
}

const decompress = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };

/**
 * The variant, if it exists, is smaller, and decompresses to exactly the file's bytes: one left from an
 * earlier build (copies do not keep modification order) is ignored rather than served stale. Checked once
 * per file, off the event loop.
 */
async function readVariant(file: string, encoding: Encoding, original: Buffer): Promise<Buffer | null> {
  let variant: Buffer;
  try {
    variant = await readFile(file);
  } catch {
    return null;
  }
  if (variant.length >= original.length) return null;
  try {
    return (await decompress[encoding](variant)).equals(original) ? variant : null;
  } catch {
    return null;
  }
}
