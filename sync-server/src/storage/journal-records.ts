// The journal's record framing: `~<length> <crc32> <json>\n`, so that every record is checked on replay and
// a torn tail (a write cut short by a crash or a full disk) is told from damage (a flipped byte, a lost
// block). Journals written before checksums (one bare JSON line per record) still read.
// See docs/decisions/store-integrity-checksums.md.
import { crc32 } from 'node:zlib';
import type { Op } from './ops.ts';

export interface JournalRecord {
  /** The transaction's sequence number: strictly increasing across the store's whole life. */
  s: number;
  ops: Op[];
}

/** One stretch of the file that is not an intact record. */
export interface JournalDamage {
  /** Byte offset of the stretch in the file. */
  offset: number;
  length: number;
  reason: string;
  /** The sequence number, when the record's text still says it (repair reports what was lost). */
  seq: number | null;
}

export interface JournalScan {
  /** Every intact record, in file order, with its offset. */
  records: { record: JournalRecord; offset: number }[];
  /**
   * Where a torn last record starts (cut short, or NUL-filled as after a crash on a filesystem that had
   * grown the file but not written it), or null. Such a record was never acknowledged: cut it off.
   */
  tornAt: number | null;
  /** Damage the store must not guess about: a bad record followed by intact ones, or a checksum mismatch. */
  damage: JournalDamage[];
}

const NEWLINE = 0x0a;
const HEADER = /^~(\d{1,10}) ([0-9a-f]{8}) /;

export function checksum(text: string | Buffer): string {
  return crc32(text).toString(16).padStart(8, '0');
}

/** One framed record, newline included. */
export function encodeJournalRecord(record: JournalRecord): string {
  const json = JSON.stringify(record);
  return `~${Buffer.byteLength(json)} ${checksum(json)} ${json}\n`;
}

type Parsed =
  | { ok: true; record: JournalRecord; next: number }
  | { ok: false; next: number; reason: string; incomplete: boolean; legacy: boolean; seq: number | null };

function lineEnd(buf: Buffer, from: number): number {
  const end = buf.indexOf(NEWLINE, from);
  return end === -1 ? buf.length : end + 1;
}

function seqIn(text: string): number | null {
  const match = /"s":(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

function toRecord(json: string): JournalRecord | null {
  try {
    const value = JSON.parse(json) as JournalRecord;
    return typeof value === 'object' &&
      value !== null &&
      typeof value.s === 'number' &&
      Array.isArray(value.ops)
      ? value
      : null;
  } catch {
    return null;
  }
}

function parseAt(buf: Buffer, offset: number): Parsed {
  const first = buf[offset];
  if (first === 0x7e) {
    const head = HEADER.exec(buf.subarray(offset, offset + 24).toString('latin1'));
    const start = head ? offset + head[0].length : offset;
    const end = head ? start + Number(head[1]) : offset;
    // Worked out only for a record that fails: the intact path reads each byte as few times as it can.
    const fail = (reason: string, incomplete: boolean): Parsed => ({
      ok: false,
      next: lineEnd(buf, offset),
      reason,
      incomplete,
      legacy: false,
      seq: head ? seqIn(buf.subarray(start, Math.min(start + 32, buf.length)).toString('utf8')) : null,
    });
    if (!head) return fail('unreadable record header', buf.indexOf(NEWLINE, offset) === -1);
    if (end >= buf.length) return fail('cut short', true);
    if (buf[end] !== NEWLINE) return fail('its length does not match its contents', false);
    const body = buf.subarray(start, end);
    if (checksum(body) !== head[2]) return fail('checksum mismatch', false);
    const record = toRecord(body.toString('utf8'));
    if (!record) return fail('not a journal record', false);
    return { ok: true, record, next: end + 1 };
  }
  const next = lineEnd(buf, offset);
  const text = buf.subarray(offset, next).toString('utf8');
  const complete = buf[next - 1] === NEWLINE;
  if (first === 0x7b) {
    // A record from before checksums: only its JSON can be checked.
    const record = complete ? toRecord(text) : null;
    if (record) return { ok: true, record, next };
    return {
      ok: false,
      next,
      reason: 'not valid JSON',
      incomplete: !complete,
      legacy: true,
      seq: seqIn(text),
    };
  }
  const reason = first === 0 ? 'zero bytes' : 'unreadable bytes';
  return { ok: false, next, reason, incomplete: !complete, legacy: false, seq: null };
}

/** Reads a whole journal. Never throws: what it finds is for the caller to judge (store open, repair). */
export function scanJournal(buf: Buffer): JournalScan {
  const items: ({ offset: number } & Parsed)[] = [];
  for (let offset = 0; offset < buf.length; ) {
    if (buf[offset] === NEWLINE) {
      offset++;
      continue;
    }
    const parsed = parseAt(buf, offset);
    items.push({ offset, ...parsed });
    offset = parsed.next;
  }
  const records = items.flatMap((item) => (item.ok ? [{ record: item.record, offset: item.offset }] : []));
  const lastOk = items.findLastIndex((item) => item.ok);
  const toDamage = (item: (typeof items)[number]): JournalDamage => ({
    offset: item.offset,
    length: item.next - item.offset,
    reason: item.ok ? '' : item.reason,
    seq: item.ok ? null : item.seq,
  });
  const damage = items
    .slice(0, lastOk + 1)
    .filter((item) => !item.ok)
    .map(toDamage);
  const tail = items.slice(lastOk + 1);
  if (tail.length === 0) return { records, tornAt: null, damage };
  const tailStart = tail[0]!.offset;
  // A tail is torn when the write never finished: cut short, zero-filled, or an unchecked old-style line.
  // A complete record that fails its checksum (or whose first byte changed) with nothing after it is damage
  // like any other.
  const torn =
    tail.some((item) => !item.ok && item.incomplete) ||
    buf.subarray(tailStart).includes(0) ||
    tail.every((item) => !item.ok && item.legacy);
  if (torn) return { records, tornAt: tailStart, damage };
  return { records, tornAt: null, damage: [...damage, ...tail.map(toDamage)] };
}
