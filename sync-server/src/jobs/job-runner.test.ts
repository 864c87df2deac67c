import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../storage/index.ts';
import { type JobOutcome, JobRunner } from './job-runner.ts';

const dirs: string[] = [];
async function openStore(dir?: string): Promise<EmbeddedStore> {
  const d = dir ?? (await mkdtemp(path.join(os.tmpdir(), 'pn-jobs-')));
  if (!dir) dirs.push(d);
  return EmbeddedStore.open(d);
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('JobRunner', () => {
  it('runs a job to done, once per key, and records it', async () => {
    const store = await openStore();
    const runner = new JobRunner(store);
    const runs: unknown[] = [];
    runner.register('count', async (job) => {
      runs.push(job.payload);
      return { state: 'done' };
    });
    runner.start();
    const a = await runner.enqueue('count', 'k1', { n: 1 });
    const again = await runner.enqueue('count', 'k1', { n: 2 });
    expect(again.id).toBe(a.id);
    await runner.idle();
    expect(runs).toEqual([{ n: 1 }]);
    expect(store.get('jobs', a.id)).toMatchObject({ state: 'done', finishedAt: expect.any(String) });
    await runner.stop();
    await store.close();
  });

  it('a job cut short by a stop resumes at the next start; waits and pauses are kept', async () => {
    const store = await openStore();
    const dir = store.dir;
    const first = new JobRunner(store);
    let release!: () => void;
    first.register(
      'long',
      (_job, { signal }) =>
        new Promise<JobOutcome>((resolve) => {
          release = () => resolve({ state: 'done' });
          signal.addEventListener('abort', () => resolve({ state: 'wait', until: new Date() }));
        }),
    );
    first.start();
    const job = await first.enqueue('long', 'long-1', null);
    await new Promise((r) => setTimeout(r, 20));
    expect(store.get('jobs', job.id)?.state).toBe('running');
    await first.stop();
    expect(store.get('jobs', job.id)?.state).toBe('running');
    void release;
    await store.close();

    const reopened = await openStore(dir);
    const second = new JobRunner(reopened);
    const outcomes: JobOutcome[] = [
      { state: 'wait', until: new Date(Date.now() + 30) },
      { state: 'paused', reason: 'SMTP down' },
      { state: 'done' },
    ];
    let calls = 0;
    second.register('long', async () => outcomes[calls++]!);
    second.start();
    for (let i = 0; i < 100 && reopened.get('jobs', job.id)?.state !== 'paused'; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(2);
    expect(reopened.get('jobs', job.id)).toMatchObject({ state: 'paused', pausedReason: 'SMTP down' });
    await second.resume(job.id);
    await second.idle();
    expect(calls).toBe(3);
    expect(reopened.get('jobs', job.id)?.state).toBe('done');
    await second.stop();
    await reopened.close();
  });

  it('a handler that throws marks the job failed with the error', async () => {
    const store = await openStore();
    const runner = new JobRunner(store);
    runner.register('boom', async () => {
      throw new Error('kaput');
    });
    const error = console.error;
    console.error = () => {};
    try {
      runner.start();
      const job = await runner.enqueue('boom', 'b', null);
      await runner.idle();
      expect(store.get('jobs', job.id)).toMatchObject({ state: 'failed', error: 'kaput' });
    } finally {
      console.error = error;
      await runner.stop();
      await store.close();
    }
  });
});
