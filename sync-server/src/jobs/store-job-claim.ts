// Jobs claimed through the store's seam: with the embedded store one process holds every claim; with
// PostgreSQL several instances share the store and exactly one of them runs a given job at a time (a holder
// that dies loses its claim at once, and the job is picked up by the next instance that looks).
import type { Claim, JobRecord, Store } from '../storage/index.ts';
import type { JobClaim } from './job-runner.ts';

export function storeJobClaim(store: Store): JobClaim {
  const held = new Map<number, Claim>();
  return {
    async claim(job: JobRecord): Promise<boolean> {
      if (held.has(job.id)) return true;
      const claim = await store.claim(`job:${job.id}`);
      if (!claim) return false;
      held.set(job.id, claim);
      return true;
    },
    async release(job: JobRecord): Promise<void> {
      const claim = held.get(job.id);
      held.delete(job.id);
      await claim?.release();
    },
  };
}
