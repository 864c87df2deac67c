// An unsubscribe link older than a year, in a real browser on a phone-sized window: the page says the link
// has expired (the server's 410) and asks for the address instead, which unsubscribes.
// Its own server on its own folder (E2E_PORT + 101), seeded with a link signed 400 days ago.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hydrated } from './blog-helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
// The server bundle `npm start` runs (web/e2e/serve.mjs builds it, or rebuilds it when stale, before any
// spec): it starts without compiling the sources on every start, as tsx did.
const SERVER_ARGS = ['--enable-source-maps', 'sync-server/dist/server.js'];
const port = Number(process.env.E2E_PORT ?? 4310) + 101;
const origin = `http://127.0.0.1:${port}`;
const email = 'longago@example.com';
let dataDir: string;
let server: ChildProcess;
let token: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-e2e-expired-'));
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'web/e2e/seed-expired-link.ts', dataDir, email],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  token = /TOKEN (\S+)/.exec(seed.stdout)?.[1] ?? '';
  expect(token, seed.stderr).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{32}$/);
  server = spawn(process.execPath, SERVER_ARGS, {
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
      OWNER_PASSWORD: 'e2e-owner-password-1',
      LOG_REQUESTS: 'false',
      PUBLIC_URL: origin,
      SMTP_URL: '',
      SMTP_HOST: '',
    },
  });
  await expect
    .poll(async () => (await fetch(`${origin}/privacy-policy`).catch(() => null))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test.use({ viewport: { width: 390, height: 844 } });

test('a link older than a year says so and offers the address form, which unsubscribes', async ({ page }) => {
  await page.goto(`${origin}/unsubscribe?token=${token}`);
  await expect(
    page.getByText('Stop receiving the Private Notes newsletter at the address this link was sent to.'),
  ).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Link expired');
  await expect(alert).toContainText('This unsubscribe link has expired. Enter your email address below');
  const field = page.getByLabel('Email address');
  await expect(field).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await field.fill(email);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
});
