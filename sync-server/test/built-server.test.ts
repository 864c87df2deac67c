// What users run, on the store this project tests: the server bundle built as `npm start` builds it, started
// with plain node (no tsx, no test helpers), signs in, stores a note, is restarted and reads it back; on
// PostgreSQL a second instance on the same database serves the same note to the same session. A packaging
// mistake (a file the bundle looks for in the wrong place, such as the migrations folder) fails here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir, OWNER_PASSWORD } from './helpers.ts';
import {
  buildTestBundle,
  type ServerProcess,
  startServerProcess,
  type TestBundle,
} from './server-process.ts';
import { createTestDatabase, dropTestDatabase, TEST_STORE } from './test-database.ts';

let built: TestBundle | null = null;
let databaseUrl = '';
const running: ServerProcess[] = [];

beforeAll(async () => {
  built = await buildTestBundle();
  if (TEST_STORE === 'postgres') databaseUrl = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await built?.remove();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(
    { DATA_DIR: dataDir, OWNER_PASSWORD, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    built!.bundle,
  );
  running.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

async function notesOf(url: string, cookie: string): Promise<Array<{ title: string; content: string }>> {
  const res = await fetch(`${url}/api/notes`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ title: string; content: string }>;
}

it(`the built bundle on the ${TEST_STORE} store: sign in, store a note, restart, read it back`, async () => {
  const dataDir = await makeTempDir('pn-built-');
  const first = await start(dataDir);
  expect(first.output()).toContain(TEST_STORE === 'postgres' ? 'PostgreSQL' : 'embedded store');
  const login = await fetch(`${first.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const created = await fetch(`${first.url}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: 'Shipped', content: 'Survives a restart', tags: [] }),
  });
  expect(created.status).toBe(201);
  await stop(first);

  const again = await start(dataDir);
  expect((await notesOf(again.url, cookie)).map((n) => [n.title, n.content])).toEqual([
    ['Shipped', 'Survives a restart'],
  ]);

  if (TEST_STORE === 'postgres') {
    // A second instance (its own DATA_DIR) on the same database: same note, same session.
    const second = await start(await makeTempDir('pn-built-b-'));
    expect((await notesOf(second.url, cookie)).map((n) => n.title)).toEqual(['Shipped']);
    await stop(second);
  }
  await stop(again);
}, 90_000);
