// Live sync across two server instances on one PostgreSQL database (two instances behind one address, as the
// README describes): device A in one browser profile talks to instance 1, device B in another to instance 2;
// a note A creates shows on B's open notes screen within seconds (instance 1 commits, NOTIFY, instance 2
// replays and tells B's live channel), with no reload, click or focus change.
// Its own throwaway PostgreSQL cluster (scripts/pg-cluster.mjs) and two built servers (sync-server/dist,
// which web/e2e/serve.mjs has built before any spec), all stopped and removed after the test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { type Cluster, freePort, startCluster } from '../../scripts/pg-cluster.mjs';
import { E2E_OWNER, E2E_PORT } from './owner.ts';
import { noteCard } from './study-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Well under the periodic sync's minute: only the live channel can bring the note this fast. */
const LIVE = { timeout: 10_000 };

interface Instance {
  origin: string;
  child: ChildProcess;
  dataDir: string;
}

let cluster: Cluster | null = null;
const instances: Instance[] = [];

async function startInstance(port: number, databaseUrl: string): Promise<Instance> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-e2e-two-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'sync-server/dist/server.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // The copy of the build the suite's own server uses (web/e2e/serve.mjs).
      WEB_DIST_DIR: path.join(root, 'node_modules/.cache/pn-e2e', String(E2E_PORT), 'dist'),
      OWNER_PASSWORD: E2E_OWNER.password,
      LOG_REQUESTS: 'false',
      PUBLIC_URL: origin,
      SMTP_URL: '',
      SMTP_HOST: '',
      BACKUP_INTERVAL_HOURS: '0',
    },
  });
  const instance = { origin, child, dataDir };
  instances.push(instance);
  await expect
    .poll(async () => (await fetch(`${origin}/privacy-policy`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
  return instance;
}

async function stopInstance({ child, dataDir }: Instance): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({ fsync: false });
  // One after the other: the first creates the owner and the schema, the second finds them.
  const first = await freePort(4800, 4899);
  await startInstance(first, cluster.url());
  await startInstance(await freePort(first + 1, 4899), cluster.url());
});

test.afterAll(async () => {
  for (const instance of instances.splice(0)) await stopInstance(instance);
  await cluster?.stop();
  cluster = null;
});

async function deviceOn(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto('/notes');
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  return { context, page };
}

test('a note created on a device of instance 1 shows on the open notes screen of a device of instance 2', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await deviceOn(browser, instances[0]!.origin);
  const b = await deviceOn(browser, instances[1]!.origin);

  const title = `Made through instance 1 ${Date.now()}`;
  await a.page.getByRole('button', { name: 'New Note' }).click();
  await a.page.getByLabel('Title').fill(title);
  await a.page.getByLabel('Content').fill('Written on device A.');
  await a.page.getByRole('button', { name: 'Save' }).click();
  await expect(a.page.getByText('Note created successfully')).toBeVisible();
  await expect(a.page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  await expect(noteCard(b.page, title)).toBeVisible(LIVE);
  await expect(noteCard(b.page, title)).toContainText('Written on device A.');
  await a.context.close();
  await b.context.close();
});
