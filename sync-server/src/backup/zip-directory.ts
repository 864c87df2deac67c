// The zip's central directory and entries, read by hand: fflate's unzip does not check CRCs (the CRC and sizes
// the writer recorded are what prove an entry's bytes are the ones it wrote: a flipped byte in a stored
// attachment would otherwise restore silently), and inflating through node's zlib runs off the event loop.

export interface ZipDirectoryEntry {
  name: string;
  crc32: number;
  /** Uncompressed size. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/** Every entry the central directory lists, in order; throws a plain Error when the directory is unreadable. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectoryEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('no zip central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipDirectoryEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new Error('the zip central directory is damaged');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const LOCAL_HEADER = 0x04034b50;

/** An entry's stored bytes (still compressed when `method` is 8). */
export function entryData(bytes: Uint8Array, entry: ZipDirectoryEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== LOCAL_HEADER)
    throw new Error(`the local header of ${entry.name} is damaged`);
  const start =
    entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new Error(`${entry.name} is cut short`);
  return bytes.subarray(start, start + entry.compressedSize);
}
