// The history's background work, one recurring job on the job runner: revisions past their retention go,
// the rest are thinned (rules/thin-revisions.ts), and notes in the Trash past TRASH_DAYS are purged with
// their revisions. Every step works in small transactions, so saves never wait behind it; over PostgreSQL
// the runner's claim makes one instance run it.
import type { RevisionService } from '../services/revision-service.ts';
import type { TrashService } from '../services/trash-service.ts';
import type { Store } from '../storage/index.ts';
import type { JobRunner } from './job-runner.ts';

export const HISTORY_UPKEEP_JOB = 'history-upkeep';
/** Thinning keeps hourly buckets, so running more often would find nothing new to do. */
export const HISTORY_UPKEEP_EVERY_MS = 3_600_000;

export class HistoryUpkeep {
  readonly #store: Store;
  readonly #jobs: JobRunner;

  constructor(store: Store, jobs: JobRunner, revisions: RevisionService, trash: TrashService) {
    this.#store = store;
    this.#jobs = jobs;
    jobs.register(HISTORY_UPKEEP_JOB, async (_job, { signal }) => {
      const now = new Date();
      await revisions.pruneExpired(now);
      await revisions.thin(now, signal);
      await trash.purgeExpired(now, signal);
      return { state: 'wait', until: new Date(Date.now() + HISTORY_UPKEEP_EVERY_MS) };
    });
  }

  /**
   * Makes sure the recurring job exists; call before the runner starts, which then runs it when due. A job
   * that failed or was stopped is put back in the queue, so one bad run never ends the upkeep.
   */
  async ensureScheduled(): Promise<void> {
    const job = await this.#store.write((tx) =>
      this.#jobs.enqueueIn(tx, HISTORY_UPKEEP_JOB, HISTORY_UPKEEP_JOB, {}),
    );
    if (job.state === 'failed' || job.state === 'done' || job.state === 'paused')
      await this.#jobs.resume(job.id);
  }

  /** Runs the upkeep now and waits for it (tests, and an owner who wants it done before a backup). */
  async runNow(): Promise<void> {
    const job = this.#store.lookup('jobs', 'key', HISTORY_UPKEEP_JOB);
    if (!job) throw new Error('History upkeep is not scheduled');
    await this.#jobs.resume(job.id);
    await this.#jobs.idle();
  }
}
