// How long a scheduled backup makes writes wait, on a store holding 10,000 notes (2 KB each), for the
// embedded store and PostgreSQL: while the backup service writes and verifies a backup, a note is written every
// 5 ms and each write's time to acknowledgement is timed; the figures are the slowest write during the backup
// (against the slowest before it), the synchronous snapshot the backup reports, and the event loop's worst delay.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { createApp } from '../sync-server/src/app.ts';
import { loadConfig } from '../sync-server/src/config.ts';
import { reportResult } from './lib/server.mjs';

const NOTES = 10_000;
const CONTENT = 'Spaced repetition schedules reviews at growing intervals. '.repeat(35).slice(0, 2000);

async function measure(store: 'embedded' | 'postgres', databaseUrl: string | null) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pn-bench-backup-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    ownerPassword: 'bench password 123',
    logRequests: false,
    backups: { dir: path.join(dataDir, 'backups'), keep: 2, intervalMs: 0 },
  };
  const handle = await createApp(config);
  try {
    const now = new Date().toISOString();
    const note = (i: number) => ({
      title: `Note ${i}`,
      content: CONTENT,
      tags: ['bench'],
      createdAt: now,
      updatedAt: now,
      userId: 1,
      version: 1,
      clientId: null,
    });
    for (let i = 0; i < NOTES; i += 500) {
      await handle.store.write((tx) => {
        for (let j = i; j < i + 500; j++) tx.insert('notes', { ...note(j), seq: tx.seq });
      });
    }
    const timedWrites = async (until: Promise<unknown>) => {
      let done = false;
      void until.finally(() => {
        done = true;
      });
      let slowest = 0;
      let count = 0;
      while (!done) {
        const started = performance.now();
        await handle.store.write((tx) => tx.insert('notes', { ...note(NOTES + count), seq: tx.seq }));
        slowest = Math.max(slowest, performance.now() - started);
        count++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { slowest, count };
    };
    const before = monitorEventLoopDelay({ resolution: 5 });
    before.enable();
    const baseline = await timedWrites(new Promise((resolve) => setTimeout(resolve, 2000)));
    before.disable();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const backup = handle.services.backups.backupNow();
    const during = await timedWrites(backup);
    loop.disable();
    const run = await backup;
    if (!run.ok) throw new Error(`backup failed: ${run.error}`);
    console.log(
      `${store}: backup of ${NOTES} notes, ${(run.size! / 1e6).toFixed(1)} MB in ${run.durationMs} ms; ` +
        `snapshot ${run.pauseMs} ms; slowest write during ${during.slowest.toFixed(1)} ms ` +
        `(${during.count} writes) vs ${baseline.slowest.toFixed(1)} ms before; event loop worst ${(loop.max / 1e6).toFixed(1)} ms (${(before.max / 1e6).toFixed(1)} ms before)`,
    );
    reportResult({
      bench: 'backup-pause',
      metric: `${store} snapshot pause`,
      value: run.pauseMs,
      unit: 'ms',
    });
    reportResult({
      bench: 'backup-pause',
      metric: `${store} slowest write during backup`,
      value: Math.round(during.slowest * 10) / 10,
      unit: 'ms',
    });
    reportResult({
      bench: 'backup-pause',
      metric: `${store} backup duration`,
      value: run.durationMs,
      unit: 'ms',
    });
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await measure('embedded', null);
const cluster = await startCluster({ fsync: true });
try {
  await measure('postgres', cluster.url());
} finally {
  await cluster.stop();
}
