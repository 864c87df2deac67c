// A post scheduled with the newsletter, and the server killed (SIGKILL) between scheduling and the time, in a
// 390 px window: after the restart the post appears on /blog at its time, the owner's card says the issue
// went to both subscribers, and the Outbox holds exactly one copy for each.
// Its own server on its own folder (E2E_PORT + 102), so it can be killed and started again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { uniqueWord } from './blog-helpers.ts';
import { outbox, subscribeConfirmed } from './mail-helpers.ts';
import { E2E_OWNER } from './owner.ts';

const root = path.resolve(import.meta.dirname, '../..');
// The server bundle `npm start` runs (web/e2e/serve.mjs builds it, or rebuilds it when stale, before any
// spec): it starts without compiling the sources on every start, as tsx did.
const SERVER_ARGS = ['--enable-source-maps', 'sync-server/dist/server.js'];
const port = Number(process.env.E2E_PORT ?? 4310) + 102;
const origin = `http://127.0.0.1:${port}`;
let dataDir: string;
let server: ChildProcess | null = null;

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The copy of the build the suite's own server uses (web/e2e/serve.mjs).
      WEB_DIST_DIR: path.join(
        root,
        'node_modules/.cache/pn-e2e',
        String(process.env.E2E_PORT ?? 4310),
        'dist',
      ),
      OWNER_PASSWORD: E2E_OWNER.password,
      LOG_REQUESTS: 'false',
      PUBLIC_URL: origin,
      // Seeded readers carry their own address (mail-helpers.ts readerAddress).
      TRUST_PROXY: 'loopback',
      SMTP_URL: '',
      SMTP_HOST: '',
      BACKUP_INTERVAL_HOURS: '0',
    },
  });
  server = child;
  await expect
    .poll(async () => (await fetch(`${origin}/privacy-policy`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
}

async function killServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  server = null;
}

async function ownerApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: origin });
  expect((await api.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  return api;
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-e2e-schedule-'));
  await startServer();
});

test.afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test.use({ viewport: { width: 390, height: 844 } });

test('a post scheduled with the newsletter appears at its time after a restart, and the issue goes out once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let api = await ownerApi();
  const readers = [`sched-a-${uniqueWord()}@example.com`, `sched-b-${uniqueWord()}@example.com`];
  const visitorApi = await request.newContext({ baseURL: origin });
  for (const email of readers) await subscribeConfirmed(visitorApi, api, { email });

  const context = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  await page.goto('/blog/admin');
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  const title = `Through a restart ${uniqueWord()}`;
  await dialog.getByLabel('Title').fill(title);
  const sendBox = dialog.getByRole('checkbox', { name: /Send the newsletter when it is published/ });
  await expect(sendBox).toBeDisabled();
  // Twenty seconds ahead, as the device's own clock and time zone put it.
  const publishAt = await page.evaluate(() => {
    const at = new Date(Date.now() + 20_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  const due = await page.evaluate((local) => new Date(local).getTime(), publishAt);
  await dialog.getByLabel('Publish at').fill(publishAt);
  // The label toggles the box (the input itself is visually hidden under its drawn control).
  await dialog.getByText('Send the newsletter when it is published').click();
  await expect(sendBox).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeHidden();
  const card = page
    .getByTestId('admin-post-card')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText(/^Scheduled for .*, with the newsletter$/)).toBeVisible();

  // The server dies between scheduling and the time, and comes back.
  await api.dispose();
  await killServer();
  await startServer();
  api = await ownerApi();

  // A visitor: the post is on /blog once its time has come, not before.
  const visitor = await browser.newPage({ baseURL: origin, viewport: { width: 390, height: 844 } });
  await expect(async () => {
    await visitor.goto('/blog');
    await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [500] });
  expect(Date.now()).toBeGreaterThanOrEqual(due);
  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The owner (still signed in after the restart): published, and sent to both subscribers.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('Sent to 2 subscribers', { exact: false })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000, intervals: [500] });
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  const issues = (await outbox(api)).filter((m) => m.kind === 'newsletter' && m.subject === title);
  expect(issues.map((m) => m.to.replace(/.*</, '').replace(/>.*/, '')).sort()).toEqual([...readers].sort());

  await visitor.close();
  await context.close();
  await visitorApi.dispose();
  await api.dispose();
});
