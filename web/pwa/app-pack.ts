// The app pack: every file the owner's service worker precaches, in one file the build writes beside them
// (assets/app-pack-<hash>.pack). A first install fetches this one file instead of ~200 small ones: each
// request costs the phone a round trip and the browser a request, an IPC and a Cache Storage write of its own,
// whatever its size (docs/decisions/ci-time-shards-and-workers.md measured the per-file cost).
//
// Layout: the 8 ASCII bytes `PNPACK01`, the index's length (uint32, big-endian), the index (UTF-8 JSON: one
// { url, type, size } per file, url as in the precache list), then the files' bytes in the index's order.
// Used by the build (web/pwa/pwa-plugin.ts) and the service worker (web/pwa/precache.ts), so plain bytes only.

const MAGIC = 'PNPACK01';
const HEADER_BYTES = MAGIC.length + 4;

/** The pack's own name in the precache list (the worker fetches it instead of precaching it). */
export const APP_PACK_FILE = /(?:^|\/)app-pack-[0-9a-f]{10,}\.pack$/;

export interface PackedFile {
  /** As in the precache list: relative to the site root (`assets/x.js`). */
  url: string;
  /** The Content-Type the precached copy is given. */
  type: string;
  bytes: Uint8Array;
}

/** A file read from a pack: a view into the pack's own buffer. */
export interface UnpackedFile extends PackedFile {
  bytes: Uint8Array<ArrayBuffer>;
}

interface IndexEntry {
  url: string;
  type: string;
  size: number;
}

export function encodeAppPack(files: readonly PackedFile[]): Uint8Array {
  const index: IndexEntry[] = files.map(({ url, type, bytes }) => ({ url, type, size: bytes.length }));
  const indexBytes = new TextEncoder().encode(JSON.stringify(index));
  const total = HEADER_BYTES + indexBytes.length + files.reduce((sum, file) => sum + file.bytes.length, 0);
  const pack = new Uint8Array(total);
  pack.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(pack.buffer).setUint32(MAGIC.length, indexBytes.length);
  pack.set(indexBytes, HEADER_BYTES);
  let offset = HEADER_BYTES + indexBytes.length;
  for (const file of files) {
    pack.set(file.bytes, offset);
    offset += file.bytes.length;
  }
  return pack;
}

/** The pack's files by url. Throws on anything that is not a whole, well-formed pack. */
export function decodeAppPack(pack: ArrayBuffer): Map<string, UnpackedFile> {
  const view = new DataView(pack);
  if (pack.byteLength < HEADER_BYTES || new TextDecoder().decode(pack.slice(0, MAGIC.length)) !== MAGIC)
    throw new Error('Not an app pack.');
  const indexLength = view.getUint32(MAGIC.length);
  if (HEADER_BYTES + indexLength > pack.byteLength) throw new Error('The app pack is cut short (its index).');
  const index: unknown = JSON.parse(
    new TextDecoder().decode(new Uint8Array(pack, HEADER_BYTES, indexLength)),
  );
  if (!Array.isArray(index)) throw new Error('The app pack has no index.');
  const files = new Map<string, UnpackedFile>();
  let offset = HEADER_BYTES + indexLength;
  for (const entry of index as IndexEntry[]) {
    if (
      typeof entry?.url !== 'string' ||
      typeof entry.type !== 'string' ||
      !Number.isSafeInteger(entry.size) ||
      entry.size < 0
    )
      throw new Error('The app pack has a malformed index entry.');
    if (offset + entry.size > pack.byteLength) throw new Error(`The app pack is cut short (${entry.url}).`);
    files.set(entry.url, {
      url: entry.url,
      type: entry.type,
      bytes: new Uint8Array(pack, offset, entry.size),
    });
    offset += entry.size;
  }
  if (offset !== pack.byteLength) throw new Error('The app pack has bytes its index does not list.');
  return files;
}
