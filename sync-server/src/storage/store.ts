// The one way into the data: in-memory collections, a snapshot file (lowdb with a durable adapter) and an
// append-only journal. Writes are serialised, group-committed, and acknowledged only once fsynced.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Store as RateLimitStore } from 'express-rate-limit';
import { Low } from 'lowdb';
import { currentAuthor } from './commit-author.ts';
import { type CommitListener, CommitListeners } from './commit-listeners.ts';
import { acquireDirLock } from './dir-lock.ts';
import { type FailureStore, MemoryFailureStore } from './failure-store.ts';
import { Journal, type JournalFault } from './journal.ts';
import { encodeJournalRecord } from './journal-records.ts';
import { JOURNAL_FILE, loadChecked, SNAPSHOT_FILE } from './load-checked.ts';
import { LocalClaims } from './local-claims.ts';
import { ReadView } from './read-view.ts';
import { type SnapshotFault, SnapshotFile } from './snapshot-file.ts';
import { emptySnapshot, type Snapshot, State } from './state.ts';
import type { Claim, Store } from './store-api.ts';
import { StoreUnavailableError } from './store-unavailable-error.ts';
import { WriteTx } from './write-tx.ts';

export interface StoreOptions {
  /** Compact once the journal grows past this many bytes. */
  compactThresholdBytes?: number;
  /** Tests only: make journal appends fail (see JournalFault). */
  journalFault?: JournalFault;
  /** Tests only: make snapshot writes fail (see SnapshotFault). */
  snapshotFault?: SnapshotFault;
}

interface Pending {
  line: string;
  seq: number;
  /** The transaction whose ops are in memory, to undo if its record cannot be written; null for a wait. */
  tx: WriteTx | null;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** After a failed compaction, wait this long before the journal's size triggers another one. */
const COMPACT_RETRY_MS = 30_000;
/** While writes keep failing, say so in the log at most this often. */
const FAILURE_LOG_MS = 60_000;

export { JOURNAL_FILE, SNAPSHOT_FILE };

/** A write the disk would not take (full, read-only, failing): nothing of it was kept. Answered with 503. */
export class StorageUnavailableError extends StoreUnavailableError {
  readonly code: string;

  constructor(cause: unknown) {
    const code = errorCode(cause);
    const why =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'its disk is full'
        : code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
          ? 'its data folder is read-only'
          : `its disk failed (${code})`;
    super(`The server could not save this change: ${why}. Nothing was saved; try again later.`, { cause });
    this.name = 'StorageUnavailableError';
    this.code = code;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'EIO';
}

export class EmbeddedStore extends ReadView implements Store {
  readonly kind = 'embedded';
  readonly dir: string;
  readonly #claims = new LocalClaims();
  readonly #commits = new CommitListeners();
  readonly #snapshot: Low<Snapshot>;
  readonly #journal: Journal;
  readonly #compactThreshold: number;
  #queue: Pending[] = [];
  #loop: Promise<void> | null = null;
  #compactRequested = false;
  #durableSeq: number;
  #closed = false;
  /** A failed append may have left part of its bytes: cut the journal back before the next append. */
  #journalNeedsRepair = false;
  /** When writes started failing (null while they succeed), and how many were refused since. */
  #failingSince: number | null = null;
  #refusedWrites = 0;
  #failureLoggedAt = 0;
  #compactRetryAt = 0;
  #compactError: unknown = null;
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

  /**
   * Creates the directory, loads and checks the snapshot, checks every journal record, cuts off a torn last
   * record (logged), replays the journal, then compacts. Damage anywhere else stops the start
   * (StoreDamagedError: the file, the offset and the repair command).
   */
  static async open(dir: string, options: StoreOptions = {}): Promise<EmbeddedStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const unlock = await acquireDirLock(dir);
    try {
      const snapshotFile = new SnapshotFile(path.join(dir, SNAPSHOT_FILE), options.snapshotFault);
      const journal = new Journal(path.join(dir, JOURNAL_FILE), options.journalFault);
      const { snapshot: data, records } = await loadChecked(dir, snapshotFile, journal);
      const snapshot = new Low<Snapshot>(snapshotFile, emptySnapshot());
      const state = State.fromSnapshot(data);
      for (const record of records) {
        if (record.s <= state.seq) continue;
        for (const op of record.ops) state.apply(op);
        state.seq = record.s;
      }
      await journal.open();
      const store = new EmbeddedStore(dir, state, snapshot, journal, options, unlock);
      try {
        await store.#compactNow();
      } catch (error) {
        // The journal still holds everything (a full disk must not keep the server from starting).
        console.error(
          `Storage: could not compact at start (${errorCode(error)}); the journal keeps every write.`,
        );
      }
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

  describe(): string {
    return `Storage: embedded store in ${this.dir}`;
  }

  /** One process owns the folder, so there is nothing to catch up with. */
  async refresh(): Promise<void> {}

  async claim(name: string): Promise<Claim | null> {
    return this.#claims.claim(name);
  }

  onCommit(listener: CommitListener): () => void {
    return this.#commits.add(listener);
  }

  /** One instance: the limiter's own memory store is right. */
  rateLimitStore(_prefix: string): RateLimitStore | undefined {
    return undefined;
  }

  failureStore(_prefix: string, forgetMs: number): FailureStore {
    return new MemoryFailureStore(forgetMs);
  }

  /**
   * Every record, meta value and counter as of now, taken in one synchronous read, so it is a consistent
   * state however many writes are under way (store:copy, backups).
   */
  toSnapshot(): Snapshot {
    return this.state.toSnapshot();
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
    if (this.#closed) return Promise.reject(new Error('Store is closed'));
    const tx = new WriteTx(this.state, this.state.seq + 1, currentAuthor());
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
      return this.#enqueue('', this.state.seq, null).then(() => result);
    }
    this.state.seq = tx.seq;
    return this.#enqueue(encodeJournalRecord({ s: tx.seq, ops: tx.ops }), tx.seq, tx).then(() => result);
  }

  #enqueue(line: string, seq: number, tx: WriteTx | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ line, seq, tx, resolve, reject });
      this.#startLoop();
    });
  }

  /** Resolves once everything written so far is on disk (or refused). */
  async flush(): Promise<void> {
    while (this.#loop) await this.#loop;
  }

  /** Writes a fresh snapshot and empties the journal; rejects with StorageUnavailableError if it cannot. */
  async compact(): Promise<void> {
    this.#compactRequested = true;
    this.#compactRetryAt = 0;
    this.#compactError = null;
    this.#startLoop();
    await this.flush();
    if (this.#compactError) throw new StorageUnavailableError(this.#compactError);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.flush();
    try {
      if (this.#journalNeedsRepair) await this.#journal.truncate(this.#journal.size);
      await this.#compactNow();
    } catch (error) {
      console.error(
        `Storage: could not compact on close (${errorCode(error)}); the journal keeps every write.`,
      );
    }
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
      if (batch.length > 0) {
        try {
          if (this.#journalNeedsRepair) {
            await this.#journal.truncate(this.#journal.size);
            this.#journalNeedsRepair = false;
          }
          const text = batch.map((p) => p.line).join('');
          if (text !== '') await this.#journal.append(text);
        } catch (error) {
          this.#refuse(batch, error);
          continue;
        }
        this.#durableSeq = Math.max(this.#durableSeq, batch[batch.length - 1]!.seq);
        for (const p of batch) p.resolve();
        for (const p of batch)
          if (p.tx) this.#commits.emit({ seq: p.seq, ops: p.tx.ops, author: p.tx.author });
        if (this.#failingSince !== null) {
          const seconds = Math.round((Date.now() - this.#failingSince) / 1000);
          console.error(
            `Storage: writes succeed again after ${seconds} s; ${this.#refusedWrites} write(s) were refused meanwhile.`,
          );
          this.#failingSince = null;
          this.#refusedWrites = 0;
        }
      }
      const due = this.#journal.size > this.#compactThreshold && Date.now() >= this.#compactRetryAt;
      if (this.#compactRequested || due) {
        this.#compactRequested = false;
        try {
          await this.#compactNow();
        } catch (error) {
          // Nothing is lost: the journal still holds every acknowledged write. Try again later.
          this.#compactError = error;
          this.#compactRetryAt = Date.now() + COMPACT_RETRY_MS;
          console.error(`Storage: could not write a snapshot (${errorCode(error)}); will try again later.`);
        }
      }
    }
  }

  /**
   * The journal could not take `batch`: its transactions and every one queued after them are undone in
   * memory (newest first), so memory holds exactly what is on disk again, and each is refused with
   * StorageUnavailableError (503). The next write cuts off whatever part of the batch reached the file and
   * tries again, so the store recovers by itself once the disk accepts writes.
   */
  #refuse(batch: Pending[], error: unknown): void {
    const pending = [...batch, ...this.#queue];
    this.#queue = [];
    this.#journalNeedsRepair = true;
    // A compaction may already have put some of these in the snapshot: they are durable, so they succeed.
    const durable = pending.filter((p) => p.seq <= this.#durableSeq);
    const lost = pending.filter((p) => p.seq > this.#durableSeq);
    for (let i = lost.length - 1; i >= 0; i--) lost[i]!.tx?.rollback();
    // The data just changed (back), so it gets a new sequence number, like any change: answers cached
    // under the refused ones (ETags, page caches) are not served again, and no number a reader may have
    // seen, as a changes cursor for instance, is ever given to different data. Replay accepts the gap.
    if (lost.length > 0) this.state.seq++;
    for (const p of durable) p.resolve();
    for (const p of durable) if (p.tx) this.#commits.emit({ seq: p.seq, ops: p.tx.ops, author: p.tx.author });
    const refusal = new StorageUnavailableError(error);
    for (const p of lost) p.reject(refusal);

    const now = Date.now();
    this.#refusedWrites += lost.length;
    if (this.#failingSince === null || now - this.#failureLoggedAt >= FAILURE_LOG_MS) {
      console.error(
        `Storage: cannot write to ${this.dir} (${errorCode(error)}: ${(error as Error).message}); ` +
          `refusing writes with 503 until it can. ${this.#refusedWrites} write(s) refused so far; ` +
          'nothing acknowledged is lost.',
      );
      this.#failureLoggedAt = now;
    }
    this.#failingSince ??= now;
  }

  /**
   * The snapshot may include transactions still queued for the journal; they carry sequence numbers at or
   * below the snapshot's, so replay skips them. The journal is emptied only after the snapshot is durable.
   */
  async #compactNow(): Promise<void> {
    // Only what the snapshot holds becomes durable: writes made while it is being written are not in it,
    // and are durable only once their own journal append is.
    const seq = this.state.seq;
    this.#snapshot.data = this.state.toSnapshot();
    await this.#snapshot.write();
    this.#snapshot.data = emptySnapshot();
    await this.#journal.truncate();
    this.#durableSeq = Math.max(this.#durableSeq, seq);
  }
}
