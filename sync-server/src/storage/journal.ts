// The append-only journal: one framed, checksummed record per write transaction (journal-records.ts),
// fsynced before the write is acknowledged.
import { type FileHandle, open, readFile, truncate as truncateFile } from 'node:fs/promises';
import { type JournalRecord, type JournalScan, scanJournal } from './journal-records.ts';

export type { JournalRecord } from './journal-records.ts';

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

  /** Reads and checks every record (see scanJournal); a missing file is an empty journal. */
  async scan(): Promise<JournalScan & { size: number }> {
    let buf: Buffer;
    try {
      buf = await readFile(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { records: [], tornAt: null, damage: [], size: 0 };
      throw error;
    }
    return { ...scanJournal(buf), size: buf.length };
  }

  /** Every intact record and whether a torn tail follows them (tests and tools; the store uses scan). */
  async readAll(): Promise<{ records: JournalRecord[]; tornTail: boolean }> {
    const { records, tornAt } = await this.scan();
    return { records: records.map((r) => r.record), tornTail: tornAt !== null };
  }

  /** Cuts the closed file back to `length` bytes (a torn tail found at start) and makes that durable. */
  async cutBefore(length: number): Promise<void> {
    await truncateFile(this.file, length);
    const handle = await open(this.file, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  async open(): Promise<void> {
    this.#handle = await open(this.file, 'a', 0o600);
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
