// Random access to the files in a zip the owner chose: the central directory is read from the end of the File,
// and one entry's bytes are sliced out and inflated when they are needed. An import thus hashes a vault's images
// at the preview and reads them again at the write, one file at a time, without keeping any of them in memory
// in between or reading the archive whole again. Zip64 archives (over 4 GB, or 65,535 entries) are read too.
import { inflateSync, strFromU8 } from 'fflate';

export interface ZipEntryRef {
  /** The path inside the zip, decoded the way fflate's readers decode it (UTF-8 when flagged, else Latin-1). */
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** The zip's directory is unreadable: the message says why, for the report. */
export class ZipDirectoryError extends Error {
  override name = 'ZipDirectoryError';
}

async function bytesAt(file: Blob, start: number, length: number): Promise<DataView> {
  const buffer = await file.slice(start, start + length).arrayBuffer();
  if (buffer.byteLength < length) throw new ZipDirectoryError('the zip ends early');
  return new DataView(buffer);
}

function u64(view: DataView, at: number): number {
  return Number(view.getBigUint64(at, true));
}

async function directoryBounds(file: Blob): Promise<{ offset: number; size: number; count: number }> {
  const tailLength = Math.min(file.size, 22 + MAX16);
  const tail = await bytesAt(file, file.size - tailLength, tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipDirectoryError('its table of contents is missing');
  let count = tail.getUint16(at + 10, true);
  let size = tail.getUint32(at + 12, true);
  let offset = tail.getUint32(at + 16, true);
  if (count === MAX16 || size === MAX32 || offset === MAX32) {
    const locatorAt = file.size - tailLength + at - 20;
    const locator = await bytesAt(file, locatorAt, 20);
    if (locator.getUint32(0, true) !== ZIP64_LOCATOR)
      throw new ZipDirectoryError('its zip64 locator is missing');
    const record = await bytesAt(file, u64(locator, 8), 56);
    if (record.getUint32(0, true) !== ZIP64_EOCD)
      throw new ZipDirectoryError('its zip64 directory is damaged');
    count = u64(record, 32);
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  if (offset + size > file.size) throw new ZipDirectoryError('its table of contents points past its end');
  return { offset, size, count };
}

/** Every file entry of the zip by path (folders left out). Throws ZipDirectoryError when it cannot be read. */
export async function readZipDirectory(file: Blob): Promise<Map<string, ZipEntryRef>> {
  const { offset, size, count } = await directoryBounds(file);
  const view = await bytesAt(file, offset, size);
  const bytes = new Uint8Array(view.buffer);
  const entries = new Map<string, ZipEntryRef>();
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > size || view.getUint32(at, true) !== CENTRAL)
      throw new ZipDirectoryError('its table of contents is damaged');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(flags & 2048));
    const entry: ZipEntryRef = {
      name,
      method: view.getUint16(at + 10, true),
      flags,
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
    };
    // Zip64 extra field: the values that did not fit, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const length = view.getUint16(extra + 2, true);
      if (id === 1) {
        let field = extra + 4;
        if (entry.size === MAX32) {
          entry.size = u64(view, field);
          field += 8;
        }
        if (entry.compressedSize === MAX32) {
          entry.compressedSize = u64(view, field);
          field += 8;
        }
        if (entry.headerOffset === MAX32) entry.headerOffset = u64(view, field);
      }
      extra += 4 + length;
    }
    if (!name.endsWith('/')) entries.set(name, entry);
    at = extraEnd + commentLength;
  }
  return entries;
}

/** One entry's bytes. Throws with a reason the report can show (encrypted, unknown compression, damaged). */
export async function readZipEntry(file: Blob, entry: ZipEntryRef): Promise<Uint8Array> {
  if (entry.flags & 1) throw new Error('it is encrypted');
  const header = await bytesAt(file, entry.headerOffset, 30);
  if (header.getUint32(0, true) !== LOCAL) throw new Error('its place in the zip is damaged');
  const start = entry.headerOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const data = new Uint8Array(await file.slice(start, start + entry.compressedSize).arrayBuffer());
  if (data.length < entry.compressedSize) throw new Error('the zip ends inside it');
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new Error(`it is compressed with an unsupported method (${entry.method})`);
  try {
    const out = inflateSync(data, { out: new Uint8Array(entry.size) });
    if (out.length !== entry.size) throw new Error('size mismatch');
    return out;
  } catch {
    throw new Error('its compressed data is damaged');
  }
}
