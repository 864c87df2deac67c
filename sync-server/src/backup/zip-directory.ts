// The zip's central directory, read by hand: fflate's unzip does not check CRCs, and the CRC and sizes the
// writer recorded there are what prove an entry's bytes are the ones it wrote (a flipped byte in a stored
// attachment would otherwise restore silently).

export interface ZipDirectoryEntry {
  name: string;
  crc32: number;
  size: number;
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
      crc32: view.getUint32(at + 16, true),
      size: view.getUint32(at + 24, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
