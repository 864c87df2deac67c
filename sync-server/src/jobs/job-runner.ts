// Background work that survives a restart: each job is a record in the store (kind, unique key, payload,
// state). A handler runs a job until it is done, paused, or waiting for a time; a restart re-runs every
// job that was queued or running, so handlers must be written to resume (they keep their own progress in
// the store). Jobs never block the event loop: handlers are async and yield between units of work.
import type { JobRecord, Store, WriteTx } from '../storage/index.ts';

export type JobOutcome =
  | { state: 'done' }
  | { state: 'paused'; reason: string }
  /** Run again at this time (e.g. the next retry of a temporary failure). */
  | { state: 'wait'; until: Date };

export interface JobContext {
  /** Aborted when the runner stops (shutdown): finish the current unit of work and return. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRecord, context: JobContext) => Promise<JobOutcome>;

/**
 * Who may run a job. One process owns the embedded store, so the default claims everything; with several
 * instances over PostgreSQL this becomes a row lock or lease (`UPDATE … WHERE claimed_by IS NULL`), so
 * exactly one instance runs each job.
 */
export interface JobClaim {
  claim(job: JobRecord): Promise<boolean>;
  release(job: JobRecord): Promise<void>;
}

/** See JobRunner's `recordRetryMs`. */
const RECORD_RETRY_MS = 60_000;

export const SINGLE_PROCESS_CLAIM: JobClaim = {
  claim: async () => true,
  release: async () => {},
};

export class JobRunner {
  readonly #store: Store;
  readonly #claim: JobClaim;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #running = new Map<number, Promise<void>>();
  readonly #timers = new Map<number, NodeJS.Timeout>();
  /** Jobs woken while running: run once more when the current run ends. */
  readonly #again = new Set<number>();
  #abort = new AbortController();
  #started = false;
  readonly #sweepMs: number | null;
  /** After the store refused to record a job's state (a full disk), run it again this much later. */
  readonly #recordRetryMs: number;
  #sweep: NodeJS.Timeout | null = null;

  /**
   * `sweepMs`: with several instances, how often to look for unfinished jobs that no instance runs (their
   * holder died, or another instance queued them); null when this process is the only one.
   */
  constructor(
    store: Store,
    claim: JobClaim = SINGLE_PROCESS_CLAIM,
    sweepMs: number | null = null,
    recordRetryMs = RECORD_RETRY_MS,
  ) {
    this.#store = store;
    this.#claim = claim;
    this.#sweepMs = sweepMs;
    this.#recordRetryMs = recordRetryMs;
  }

  register(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler);
  }

  /**
   * Adds a job inside the caller's transaction (so it exists exactly when the caller's records do), or
   * answers the existing one with the same key. Call `wake(job.id)` once the transaction is durable.
   */
  enqueueIn(tx: WriteTx, kind: string, key: string, payload: unknown, now = new Date()): JobRecord {
    const existing = tx.lookup('jobs', 'key', key);
    if (existing) return existing;
    const at = now.toISOString();
    return tx.insert('jobs', {
      kind,
      key,
      state: 'queued',
      payload,
      runAt: null,
      pausedReason: null,
      error: null,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
    });
  }

  async enqueue(kind: string, key: string, payload: unknown): Promise<JobRecord> {
    const job = await this.#store.write((tx) => this.enqueueIn(tx, kind, key, payload));
    this.wake(job.id);
    return job;
  }

  /** Puts a paused, waiting or finished job back in the queue and runs it now (a running one runs again). */
  async resume(jobId: number): Promise<void> {
    await this.#store.write((tx) => {
      const job = tx.get('jobs', jobId);
      if (job && job.state !== 'running')
        tx.update('jobs', jobId, { state: 'queued', runAt: null, pausedReason: null, updatedAt: now() });
    });
    this.wake(jobId);
  }

  /** Starts every unfinished job: `running` ones were cut short by a stop or a crash and resume. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#abort = new AbortController();
    this.#scheduleUnfinished();
    if (this.#sweepMs !== null) {
      this.#sweep = setInterval(() => this.#scheduleUnfinished(), this.#sweepMs);
      this.#sweep.unref();
    }
  }

  #scheduleUnfinished(): void {
    for (const job of this.#store.values('jobs'))
      if (
        (job.state === 'queued' || job.state === 'running') &&
        !this.#running.has(job.id) &&
        !this.#timers.has(job.id)
      )
        this.#schedule(job);
  }

  /** Runs a job now (or when its wait ends) unless it is paused or done. */
  wake(jobId: number): void {
    if (!this.#started) return;
    const job = this.#store.get('jobs', jobId);
    if (!job || job.state === 'paused' || job.state === 'done' || job.state === 'failed') return;
    if (this.#running.has(jobId)) {
      this.#again.add(jobId);
      return;
    }
    clearTimeout(this.#timers.get(jobId));
    this.#timers.delete(jobId);
    this.#run(jobId);
  }

  /** Stops scheduling, asks handlers to return, and waits for them. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#sweep) clearInterval(this.#sweep);
    this.#sweep = null;
    this.#abort.abort();
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#running.values()]);
  }

  /** Resolves once no job is running (tests and the bench wait on it). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()]);
  }

  #schedule(job: JobRecord): void {
    const delay = job.runAt ? Date.parse(job.runAt) - Date.now() : 0;
    if (delay <= 0) {
      this.#run(job.id);
      return;
    }
    clearTimeout(this.#timers.get(job.id));
    // Long waits re-check every hour rather than trusting one far timer.
    const timer = setTimeout(
      () => {
        this.#timers.delete(job.id);
        const current = this.#store.get('jobs', job.id);
        if (current && this.#started && current.state === 'queued') this.#schedule(current);
      },
      Math.min(delay, 3_600_000),
    );
    timer.unref();
    this.#timers.set(job.id, timer);
  }

  #run(jobId: number): void {
    const run = this.#runOnce(jobId)
      .then(
        (after) => ({ after, recorded: true }),
        (error: unknown) => {
          console.error(
            `Job #${jobId}: could not record its state (${(error as Error)?.message ?? String(error)}); ` +
              `trying again in ${Math.round(this.#recordRetryMs / 1000)} s.`,
          );
          return { after: undefined, recorded: false };
        },
      )
      .then(({ after, recorded }) => {
        this.#running.delete(jobId);
        if (this.#again.delete(jobId)) this.wake(jobId);
        else if (after?.state === 'queued' && this.#started) this.#schedule(after);
        else if (!recorded && this.#started) {
          // Left as it was in the store (queued or running): nothing else would ever run it again.
          const timer = setTimeout(() => {
            this.#timers.delete(jobId);
            this.wake(jobId);
          }, this.#recordRetryMs);
          timer.unref();
          this.#timers.set(jobId, timer);
        }
      });
    this.#running.set(jobId, run);
  }

  /** Runs the handler once; answers the job as recorded afterwards. */
  async #runOnce(jobId: number): Promise<JobRecord | undefined> {
    const job = this.#store.get('jobs', jobId);
    if (!job) return undefined;
    const handler = this.#handlers.get(job.kind);
    if (!handler) {
      console.error(`Job #${jobId}: no handler for kind "${job.kind}"; left queued`);
      return undefined;
    }
    if (!(await this.#claim.claim(job))) return undefined;
    try {
      const running = await this.#store.write((tx) =>
        tx.update('jobs', jobId, { state: 'running', runAt: null, updatedAt: now() }),
      );
      let outcome: JobOutcome;
      try {
        outcome = await handler(running, { signal: this.#abort.signal });
      } catch (error) {
        console.error(`Job #${jobId} (${job.kind}) failed:`, error);
        await this.#store.write((tx) =>
          tx.update('jobs', jobId, {
            state: 'failed',
            error: (error as Error).message ?? String(error),
            updatedAt: now(),
            finishedAt: now(),
          }),
        );
        return undefined;
      }
      // Stopped mid-way: the job stays `running` and resumes at the next start.
      if (this.#abort.signal.aborted && outcome.state !== 'done') return undefined;
      return await this.#store.write((tx) => {
        const current = tx.get('jobs', jobId);
        if (!current) return undefined;
        switch (outcome.state) {
          case 'done':
            return tx.update('jobs', jobId, { state: 'done', updatedAt: now(), finishedAt: now() });
          case 'paused':
            return tx.update('jobs', jobId, {
              state: 'paused',
              pausedReason: outcome.reason,
              updatedAt: now(),
            });
          case 'wait':
            return tx.update('jobs', jobId, {
              state: 'queued',
              runAt: outcome.until.toISOString(),
              updatedAt: now(),
            });
        }
      });
    } finally {
      await this.#claim.release(job);
    }
  }
}

function now(): string {
  return new Date().toISOString();
}
