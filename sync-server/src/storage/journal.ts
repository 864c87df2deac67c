// The append-only journal: one JSON line per write transaction, fsynced before the write is acknowledged.
import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { Op } from './ops.ts';

export interface JournalRecord {
  /** The transaction's sequence number: strictly increasing across the store's whole life. */
  s: number;
  ops: Op[];
}

/**
 * Test seam: asked before each append; an answer makes the append write only `written` bytes and then fail
 * with `error`, as a disk that fills up mid-write does (or, when `written` covers the whole append, as a
 * failed fsync does). Production passes nothing.
 */
export type JournalFault = (length: number) => { written: number; error: NodeJS.ErrnoException } | undefined;

export class Journal {
  readonly file: string;
  readonly #fault: JournalFault | undefined;
  #handle: FileHandle | null = null;
  #size = 0;

  constructor(file: string, fault?: JournalFault) {
    this.file = file;
    this.#fault = fault;
  }

  get size(): number {
    return this.#size;
  }

  /**
   * Reads every complete record. A torn last line (the process died mid-append) is ignored; a bad line
   * followed by good ones means the file was damaged some other way, and is refused rather than guessed at.
   */
  async readAll(): Promise<{ records: JournalRecord[]; tornTail: boolean }> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], tornTail: false };
      throw error;
    }
    const lines = text.split('\n');
    const records: JournalRecord[] = [];
    let badLine = -1;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '') continue;
      const record = parseRecord(line);
      if (record === null) {
        if (badLine === -1) badLine = i;
        continue;
      }
      if (badLine !== -1)
        throw new Error(`${this.file}: line ${badLine + 1} is damaged but later lines are intact`);
      records.push(record);
    }
    return { records, tornTail: badLine !== -1 };
  }

  async open(): Promise<void> {
    this.#handle = await open(this.file, 'a');
    this.#size = (await this.#handle.stat()).size;
  }

  /** Appends whole lines and waits until they are on disk. */
  async append(text: string): Promise<void> {
    const handle = this.#requireHandle();
    const bytes = Buffer.from(text, 'utf8');
    const fault = this.#fault?.(bytes.length);
    // With a fault, only `written` bytes go out, then the write (or, if all of them did, the fsync) fails.
    const end = fault ? Math.min(fault.written, bytes.length) : bytes.length;
    let offset = 0;
    while (offset < end) {
      const { bytesWritten } = await handle.write(bytes, offset, end - offset);
      offset += bytesWritten;
    }
    if (fault) throw fault.error;
    await handle.datasync();
    // Counted only once durable: after a failed write or fsync, `size` is where the next append must start.
    this.#size += bytes.length;
  }

  /**
   * Cuts the journal to `length` bytes: 0 once a snapshot holding all of it is durable, or `size` (the end of
   * the last complete append) to drop what a failed append left behind.
   */
  async truncate(length = 0): Promise<void> {
    const handle = this.#requireHandle();
    await handle.truncate(length);
    await handle.datasync();
    this.#size = length;
  }

  async close(): Promise<void> {
    await this.#handle?.close();
    this.#handle = null;
  }

  #requireHandle(): FileHandle {
    if (this.#handle === null) throw new Error('Journal is not open');
    return this.#handle;
  }
}

function parseRecord(line: string): JournalRecord | null {
  try {
    const value = JSON.parse(line) as JournalRecord;
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
