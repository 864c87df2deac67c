// PostgreSQL restarting under two writing instances (a cluster of the test's own, restarted with pg_ctl):
// every connection each instance holds is terminated, idle or busy. No instance may exit; writes in the
// outage are answered 503, and both instances accept writes again by themselves.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../../scripts/pg-cluster.mjs';
import { makeTempDir, OWNER_PASSWORD } from '../helpers.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

let cluster: Cluster | null = null;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster({ fsync: false });
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await cluster?.stop();
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

it('survives pg_ctl restart (fast, immediate) and a 3-second stop with two instances writing', async () => {
  const db = cluster!;
  const databaseUrl = db.url();
  for (let i = 0; i < 2; i++) {
    const dataDir = await makeTempDir(`pn-pg-restart-${i}-`);
    // Instances start one after the other: the first creates the schema and the owner.
    servers.push(await startServerProcess({ DATA_DIR: dataDir, OWNER_PASSWORD, DATABASE_URL: databaseUrl }));
  }
  const cookie = await login(servers[0]!.url);

  const statuses = new Map<number, number>();
  const acknowledged: string[] = [];
  let stop = false;
  let counter = 0;
  async function writer(server: ServerProcess): Promise<void> {
    while (!stop) {
      const clientId = `restart-${counter++}`;
      try {
        const res = await fetch(`${server.url}/api/notes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ title: clientId, content: 'x', tags: ['restart'], clientId }),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(clientId);
        await res.body?.cancel();
      } catch (error) {
        // A refused connection means the instance is gone, which is what this test forbids.
        statuses.set(-1, (statuses.get(-1) ?? 0) + 1);
        if (server.child.exitCode !== null) return;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const writers = servers.flatMap((server) => [writer(server), writer(server)]);

  /** Until each instance has answered a fresh write with 201. */
  async function bothWriting(): Promise<void> {
    for (const server of servers) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const clientId = `probe-${counter++}`;
        const res = await fetch(`${server.url}/api/notes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ title: clientId, content: '', tags: [], clientId }),
        }).catch((error: unknown) => {
          throw new Error(`${server.url} is gone (${String(error)}):\n${server.output().slice(-3000)}`);
        });
        await res.body?.cancel();
        if (res.status === 201) {
          acknowledged.push(clientId);
          break;
        }
        expect(res.status).toBe(503);
        if (Date.now() > deadline) throw new Error(`${server.url} still refuses writes`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  try {
    await bothWriting();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.restart('fast');
    await bothWriting();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.restart('immediate');
    await bothWriting();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.pause(3000);
    await bothWriting();
    // Idle pooled connections die too: wait without writing, then restart again.
    stop = true;
    await Promise.all(writers);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await db.restart('fast');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await bothWriting();
  } finally {
    stop = true;
    await Promise.allSettled(writers);
  }

  for (const server of servers) expect(server.child.exitCode, server.output()).toBeNull();
  expect(allOutput()).not.toMatch(/Unhandled 'error' event/);
  const other = [...statuses.keys()].filter((status) => status !== 201 && status !== 503);
  expect(other, JSON.stringify([...statuses])).toEqual([]);
  expect(statuses.get(201)).toBeGreaterThan(0);

  // Every acknowledged note is in the database.
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    "SELECT doc->>'clientId' AS id FROM store_docs WHERE collection = 'notes'",
  );
  await client.end();
  const stored = new Set(rows.map((r) => r.id));
  expect(acknowledged.filter((id) => !stored.has(`1:${id}`) && !stored.has(id))).toEqual([]);
}, 120_000);

function allOutput(): string {
  return servers.map((s) => s.output()).join('\n');
}
