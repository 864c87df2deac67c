// The one way into the data: in-memory collections, a snapshot file (lowdb with a durable adapter) and an
// append-only journal. Writes are serialised, group-committed, and acknowledged only once fsynced.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import { acquireDirLock } from './dir-lock.ts';
import { DurableJsonFile } from './durable-json-file.ts';
import { Journal } from './journal.ts';
import { ReadView } from './read-view.ts';
import { emptySnapshot, type Snapshot, State } from './state.ts';
import { WriteTx } from './write-tx.ts';

export interface StoreOptions {
  /** Compact once the journal grows past this many bytes. */
  compactThresholdBytes?: number;
}

interface Pending {
  line: string;
  seq: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const SNAPSHOT_FILE = 'data.json';
export const JOURNAL_FILE = 'data.journal';

export class Store extends ReadView {
  readonly dir: string;
  readonly #snapshot: Low<Snapshot>;
  readonly #journal: Journal;
  readonly #compactThreshold: number;
  #queue: Pending[] = [];
  #loop: Promise<void> | null = null;
  #compactRequested = false;
  #durableSeq: number;
  #failure: unknown = null;
  #closed = false;
  readonly #unlock: () => Promise<void>;

  private constructor(
    dir: string,
    state: State,
    snapshot: Low<Snapshot>,
    journal: Journal,
    options: StoreOptions,
    unlock: () => Promise<void>,
  ) {
    super(state);
    this.dir = dir;
    this.#unlock = unlock;
    this.#snapshot = snapshot;
    this.#journal = journal;
    this.#compactThreshold = options.compactThresholdBytes ?? 32 * 1024 * 1024;
    this.#durableSeq = state.seq;
  }

  /** Creates the directory, loads the snapshot, replays the journal (ignoring a torn tail), then compacts. */
  static async open(dir: string, options: StoreOptions = {}): Promise<Store> {
    await mkdir(dir, { recursive: true });
    const unlock = await acquireDirLock(dir);
    try {
      const snapshot = new Low<Snapshot>(new DurableJsonFile(path.join(dir, SNAPSHOT_FILE)), emptySnapshot());
      await snapshot.read();
      if (snapshot.data.format !== 1)
        throw new Error(`${SNAPSHOT_FILE}: unknown format ${snapshot.data.format}`);
      const state = State.fromSnapshot(snapshot.data);
      const journal = new Journal(path.join(dir, JOURNAL_FILE));
      const { records } = await journal.readAll();
      for (const record of records) {
        if (record.s <= state.seq) continue;
        for (const op of record.ops) state.apply(op);
        state.seq = record.s;
      }
      await journal.open();
      const store = new Store(dir, state, snapshot, journal, options, unlock);
      await store.#compactNow();
      return store;
    } catch (error) {
      await unlock();
      throw error;
    }
  }

  /** Sequence number of the last applied write: it changes whenever any data changes (handy for ETags). */
  get seq(): number {
    return this.lastSeq;
  }

  /** Sequence number of the last transaction known to be on disk. */
  get durableSeq(): number {
    return this.#durableSeq;
  }

  /** Runs a function over the current data. Reads never wait for the disk. */
  read<R>(fn: (view: ReadView) => R): R {
    return fn(this);
  }

  /**
   * Runs `fn` as one transaction and resolves with its result once the transaction is on disk. `fn` must be
   * synchronous; if it throws, nothing it did is kept. A transaction that changes nothing still waits for
   * earlier writes, so an answer never reports data that could be lost.
   */
  write<R>(fn: (tx: WriteTx) => R): Promise<R> {
    if (this.#failure) return Promise.reject(new Error('Store failed earlier', { cause: this.#failure }));
    if (this.#closed) return Promise.reject(new Error('Store is closed'));
    const tx = new WriteTx(this.state, this.state.seq + 1);
    let result: R;
    try {
      result = fn(tx);
      if (result instanceof Promise) throw new Error('store.write callbacks must be synchronous');
    } catch (error) {
      tx.rollback();
      return Promise.reject(error);
    }
    if (tx.ops.length === 0) {
      if (this.#durableSeq >= this.state.seq) return Promise.resolve(result);
      // Waits for the writes it may have read, not for the whole queue (which may never drain under load).
      return this.#enqueue('', this.state.seq).then(() => result);
    }
    this.state.seq = tx.seq;
    return this.#enqueue(`${JSON.stringify({ s: tx.seq, ops: tx.ops })}\n`, tx.seq).then(() => result);
  }

  #enqueue(line: string, seq: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ line, seq, resolve, reject });
      this.#startLoop();
    });
  }

  /** Resolves once everything written so far is on disk. */
  async flush(): Promise<void> {
    while (this.#loop) await this.#loop;
    if (this.#failure) throw new Error('Store failed earlier', { cause: this.#failure });
  }

  /** Writes a fresh snapshot and empties the journal. */
  async compact(): Promise<void> {
    this.#compactRequested = true;
    this.#startLoop();
    await this.flush();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.flush().catch(() => {});
    if (!this.#failure) await this.#compactNow();
    await this.#journal.close();
    await this.#unlock();
  }

  #startLoop(): void {
    if (!this.#loop) this.#loop = this.#runLoop().finally(() => (this.#loop = null));
  }

  /** Group commit: every record queued while one append+fsync runs goes into the next one. */
  async #runLoop(): Promise<void> {
    while (this.#queue.length > 0 || this.#compactRequested) {
      const batch = this.#queue;
      this.#queue = [];
      try {
        if (batch.length > 0) {
          const text = batch.map((p) => p.line).join('');
          if (text !== '') await this.#journal.append(text);
          this.#durableSeq = Math.max(this.#durableSeq, batch[batch.length - 1]!.seq);
          for (const p of batch) p.resolve();
        }
        if (this.#compactRequested || this.#journal.size > this.#compactThreshold) {
          this.#compactRequested = false;
          await this.#compactNow();
        }
      } catch (error) {
        // Memory is now ahead of the disk; refusing further writes beats acknowledging lost ones.
        this.#failure = error;
        console.error('Storage failure; refusing further writes:', error);
        for (const p of [...batch, ...this.#queue]) p.reject(error);
        this.#queue = [];
        this.#compactRequested = false;
        return;
      }
    }
  }

  /**
   * The snapshot may include transactions still queued for the journal; they carry sequence numbers at or
   * below the snapshot's, so replay skips them. The journal is emptied only after the snapshot is durable.
   */
  async #compactNow(): Promise<void> {
    this.#snapshot.data = this.state.toSnapshot();
    await this.#snapshot.write();
    this.#snapshot.data = emptySnapshot();
    await this.#journal.truncate();
    this.#durableSeq = Math.max(this.#durableSeq, this.state.seq);
  }
}
