// Scheduled backups: the server writes a backup archive into BACKUP_DIR by itself (every
// BACKUP_INTERVAL_HOURS, daily by default), reads it back to verify it before giving it its final name, keeps
// the newest BACKUP_KEEP, and records how each attempt went in the store's meta (the owner's Import & Export
// screen shows it; a failure is also logged). It runs as one job on the job runner, so with several instances
// over PostgreSQL exactly one of them writes it; a "back up now" from the owner goes through the same claim.
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { BackupRun, BackupStatus } from '@private-notes/shared';
import type { BackupConfig } from '../config.ts';
import type { JobOutcome, JobRunner } from '../jobs/job-runner.ts';
import type { JobRecord, Store } from '../storage/index.ts';
import { backupFileName } from './backup-format.ts';
import { verifyBackupFile } from './verify-backup.ts';
import { writeBackup } from './write-backup.ts';

export const BACKUP_JOB_KIND = 'backup';
const JOB_KEY = 'scheduled-backup';
const LAST_META = 'backup.last';
const LATEST_META = 'backup.latest';
/** One writer at a time, whichever instance and whether scheduled or asked for. */
const WRITE_CLAIM = 'backup-write';
/** A fresh install's first backup comes this soon (or after one interval, if shorter). */
const FIRST_DELAY_MS = 10 * 60 * 1000;
/** After a failure, try again this soon (or after one interval, if shorter) rather than a day later. */
const RETRY_MS = 60 * 60 * 1000;
const BACKUP_NAME = /^private-notes-backup-.*\.zip$/;

export class BackupBusyError extends Error {
  override name = 'BackupBusyError';
}

export interface BackupServiceDeps {
  store: Store;
  dataDir: string;
  config: BackupConfig;
  jobs: JobRunner;
  /** Writes the view counts still held in memory, so the backup holds every view so far. */
  flushViews: () => Promise<void>;
}

export class BackupService {
  readonly #deps: BackupServiceDeps;
  /**
   * The latest attempt as this process knows it, also when the store refused to record it (a full disk):
   * the screen and the schedule go by the newer of this and the recorded one.
   */
  #lastAttempt: BackupRun | null = null;
  #lastSuccess: BackupRun | null = null;

  constructor(deps: BackupServiceDeps) {
    this.#deps = deps;
    deps.jobs.register(BACKUP_JOB_KIND, (job, { signal }) => this.#runScheduled(job, signal));
  }

  get scheduled(): boolean {
    return this.#deps.config.intervalMs > 0;
  }

  /** Call after the job runner started: creates the schedule's job once, and wakes it to look at its time. */
  async start(): Promise<void> {
    const { jobs, store } = this.#deps;
    const existing = store.lookup('jobs', 'key', JOB_KEY);
    if (!this.scheduled) {
      // Turned off: a job left from earlier ends at its next run (the runner resumes it and it answers done).
      return;
    }
    // A backup cut short by a crash or a stop left its `.partial` file: nothing will finish it.
    await this.#withClaim(() => this.#clearPartials()).catch(() => {});
    if (!existing) {
      await jobs.enqueue(BACKUP_JOB_KIND, JOB_KEY, null);
      return;
    }
    // Back on after being off, or a new interval: the job works out its own time again.
    if (existing.state === 'queued' || existing.state === 'running') jobs.wake(existing.id);
    else await jobs.resume(existing.id);
  }

  status(): BackupStatus {
    const { store, config } = this.#deps;
    const last = this.#last();
    const latest = newer(store.getMeta<BackupRun>(LATEST_META) ?? null, this.#lastSuccess);
    const job = store.lookup('jobs', 'key', JOB_KEY);
    return {
      scheduled: this.scheduled,
      intervalHours: config.intervalMs / 3_600_000,
      keep: config.keep,
      last,
      latest,
      latestHere: latest?.file ? existsSync(path.join(config.dir, latest.file)) : false,
      nextAt: this.scheduled && job ? new Date(this.#nextRunAt(job)).toISOString() : null,
    };
  }

  /** The newest attempt: recorded in the store, or only known here when recording it failed. */
  #last(): BackupRun | null {
    return newer(this.#deps.store.getMeta<BackupRun>(LAST_META) ?? null, this.#lastAttempt);
  }

  /** When the schedule will really run next: its due time, or now if that passed and it is running. */
  #nextRunAt(job: JobRecord): number {
    const due = this.#dueAt(job);
    const waiting = job.state === 'queued' && job.runAt ? Date.parse(job.runAt) : null;
    return Math.max(due, waiting ?? 0, Date.now());
  }

  /** The newest verified backup's path, when it is still in this server's BACKUP_DIR. */
  async latestFile(): Promise<{ file: string; name: string; size: number } | null> {
    const latest = this.#deps.store.getMeta<BackupRun>(LATEST_META);
    if (!latest?.file) return null;
    const file = path.join(this.#deps.config.dir, latest.file);
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? { file, name: latest.file, size: info.size } : null;
  }

  /** Writes, verifies and records one backup now; BackupBusyError when one is being written already. */
  async backupNow(signal?: AbortSignal): Promise<BackupRun> {
    return this.#withClaim(() => this.#writeAndRecord(signal));
  }

  async #withClaim<T>(fn: () => Promise<T>): Promise<T> {
    const claim = await this.#deps.store.claim(WRITE_CLAIM);
    if (!claim) throw new BackupBusyError('A backup is being written right now: try again in a moment.');
    try {
      return await fn();
    } finally {
      await claim.release();
    }
  }

  /** Removes `.partial` files left by backups that never finished (called under the write claim). */
  async #clearPartials(): Promise<void> {
    const { dir } = this.#deps.config;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => PARTIAL_NAME.test(n))) {
      await rm(path.join(dir, name), { force: true });
      console.error(`Backups: removed ${name}, left by a backup that never finished.`);
    }
  }

  /** The schedule's job: writes a backup when one is due, then waits for the next. */
  async #runScheduled(job: JobRecord, signal: AbortSignal): Promise<JobOutcome> {
    if (!this.scheduled) return { state: 'done' };
    // Another instance may have written one a moment ago.
    await this.#deps.store.refresh();
    const due = this.#dueAt(job);
    if (due > Date.now()) return { state: 'wait', until: new Date(due) };
    try {
      await this.backupNow(signal);
    } catch (error) {
      // Never fail the schedule: a failure (even one the store could not record) is tried again later.
      if (!(error instanceof BackupBusyError))
        console.error(`Scheduled backup: ${(error as Error)?.message ?? String(error)}; will try again.`);
      return { state: 'wait', until: new Date(Math.max(this.#dueAt(job), Date.now() + 60_000)) };
    }
    if (signal.aborted) return { state: 'wait', until: new Date() };
    return { state: 'wait', until: new Date(this.#dueAt(job)) };
  }

  #dueAt(job: JobRecord): number {
    const { intervalMs } = this.#deps.config;
    const last = this.#last();
    if (!last) return Date.parse(job.createdAt) + Math.min(intervalMs, FIRST_DELAY_MS);
    return Date.parse(last.at) + (last.ok ? intervalMs : Math.min(intervalMs, RETRY_MS));
  }

  async #writeAndRecord(signal?: AbortSignal): Promise<BackupRun> {
    const { store, config } = this.#deps;
    const startedAt = new Date();
    const started = performance.now();
    const name = backupFileName(startedAt);
    const final = path.join(config.dir, name);
    // Written under a name the keep/prune and download never pick, renamed only once it verified.
    const partial = path.join(config.dir, `.${name}.partial`);
    let pauseMs = 0;
    let size: number | null = null;
    try {
      await mkdir(config.dir, { recursive: true, mode: 0o700 });
      await this.#clearPartials();
      await this.#deps.flushViews();
      pauseMs = await writeFileDurably(
        partial,
        (out) => writeBackup(store, this.#deps.dataDir, out, startedAt),
        signal,
      );
      const verified = await verifyBackupFile(partial, { readSnapshot: false });
      size = verified.bytes;
      await rename(partial, final);
      await fsyncDir(config.dir);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      const reason = describeFailure(error, config.dir);
      console.error(`Scheduled backup failed: ${reason}`);
      const run: BackupRun = {
        at: startedAt.toISOString(),
        ok: false,
        file: null,
        size,
        verified: false,
        error: reason,
        durationMs: Math.round(performance.now() - started),
        pauseMs: round(pauseMs),
      };
      this.#lastAttempt = run;
      await store.write((tx) => tx.setMeta(LAST_META, run));
      return run;
    }
    const run: BackupRun = {
      at: startedAt.toISOString(),
      ok: true,
      file: name,
      size,
      verified: true,
      error: null,
      durationMs: Math.round(performance.now() - started),
      pauseMs: round(pauseMs),
    };
    this.#lastAttempt = run;
    this.#lastSuccess = run;
    await store.write((tx) => {
      tx.setMeta(LAST_META, run);
      tx.setMeta(LATEST_META, run);
    });
    console.log(`Backup written and verified: ${final} (${size} bytes, writes paused ${run.pauseMs} ms)`);
    await this.#prune().catch((error: Error) =>
      console.error(`Old backups in ${config.dir} could not be removed: ${error.message}`),
    );
    return run;
  }

  /** Keeps the newest BACKUP_KEEP backups (file names sort by time); other files in the folder are left alone. */
  async #prune(): Promise<void> {
    const { dir, keep } = this.#deps.config;
    const names = (await readdir(dir)).filter((n) => BACKUP_NAME.test(n)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(path.join(dir, name));
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const PARTIAL_NAME = /^\.private-notes-backup-.*\.zip\.partial$/;

function newer(a: BackupRun | null, b: BackupRun | null): BackupRun | null {
  if (!a) return b;
  if (!b) return a;
  return b.at > a.at ? b : a;
}

/** Streams into `file`, then fsyncs it; answers what `write` answered as its pause. */
async function writeFileDurably(
  file: string,
  write: (out: Writable) => Promise<{ pauseMs: number }>,
  signal?: AbortSignal,
): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  const onAbort = () => out.destroy(new Error('the server is stopping'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { pauseMs } = await Promise.race([write(out), failed]);
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    const handle = await open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    return pauseMs;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    out.destroy();
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function describeFailure(error: unknown, dir: string): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM') return `cannot write to ${dir} (permission denied)`;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `cannot write to ${dir} (it is not a folder)`;
  if (code === 'ENOSPC') return `the disk holding ${dir} is full`;
  return error instanceof Error ? error.message : String(error);
}
