// Readers offline in real Chromium: a visitor who read the blog home and a post gets both back with no
// connection (the browser offline, and the server stopped), with "You are offline: showing saved posts";
// the owner's screens and private data are never stored for a visitor, and a page rendered for the signed-in
// owner is never kept (only the copy any visitor gets).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { createPost, ownerApi, slugOf, uniqueWord } from './blog-helpers.ts';
import { E2E_OWNER, expect, test } from './fixtures.ts';

const NOTICE = 'You are offline: showing saved posts';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function readerWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
}

/** Waits until the service worker has stored this page (it stores after answering). */
async function saved(page: Page, pathname: string) {
  // Polled from here: waitForFunction takes an async predicate's promise for a truthy answer at once.
  await expect
    .poll(
      () =>
        page.evaluate(async (p) => (await caches.match(p, { ignoreSearch: true })) !== undefined, pathname),
      { timeout: 10_000 },
    )
    .toBe(true);
}

async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
}

test('a visitor reads the blog home and a post offline, with the note, and no private page or data', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord('off');
  const api = await ownerApi();
  const post = await createPost(api, {
    title: `Reading on the train ${word}`,
    content: `## Before the tunnel\n\nA paragraph about ${word} worth keeping.`,
  });
  const secret = `Secret note ${word}`;
  expect(
    (await api.post('/api/notes', { data: { title: secret, content: 'private words', tags: [] } })).ok(),
  ).toBe(true);
  await api.dispose();
  const postPath = `/blog/post/${post.id}/${slugOf(post.title)}`;

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  await readerWorker(page);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await page.goto(postPath);
  await expect(page.getByRole('heading', { name: 'Before the tunnel' })).toBeVisible();
  await saved(page, postPath);
  await saved(page, '/blog');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: post.title, level: 1 })).toBeVisible();
  await expect(page.getByText(`A paragraph about ${word} worth keeping.`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();

  // The owner's screens offline, as a visitor: the offline page, nothing private.
  for (const privatePath of ['/notes', '/blog/admin', '/settings']) {
    await page.goto(privatePath);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(secret);
  }
  const stored = await cachedUrls(page);
  expect(stored).toContain(postPath);
  expect(stored.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/blog'))).toEqual([]);
  expect(stored.filter((p) => /^\/(notes|settings|ai-explanations|admin|blog\/admin)(\/|$)/.test(p))).toEqual(
    [],
  );
  await context.setOffline(false);
});

test('the signed-in owner reads a public page offline, its scripts and islands from the precache', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord('own');
  const api = await ownerApi();
  const post = await createPost(api, {
    title: `The owner on the train ${word}`,
    content: `## Owner in the tunnel\n\nA paragraph about ${word}.`,
  });
  await api.dispose();
  const postPath = `/blog/post/${post.id}/${slugOf(post.title)}`;

  // The owner's worker (the whole app precached) takes over from the notes screen.
  await signIn();
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const active = (await navigator.serviceWorker.ready).active;
          return navigator.serviceWorker.controller != null && !active?.scriptURL.includes('mode=reader');
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
  // Online, the owner's page is the whole app; the worker keeps the copy any visitor gets, which runs the
  // public pages' own scripts (public-entry and its islands), never loaded by the owner's screens.
  await page.goto(postPath);
  await expect(page.getByRole('button', { name: 'Logout (admin)' })).toBeVisible();
  await saved(page, postPath);
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'My Notes' })).toBeVisible();

  // Offline, from the notes screen, the owner opens the post.
  await context.setOffline(true);
  await page.goto(postPath);
  await expect(page.getByRole('heading', { name: 'Owner in the tunnel' })).toBeVisible();
  // The offline note is written by the public entry's script: it ran.
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  // And an island wakes: the comment form checks its fields in place instead of posting the page away.
  const form = page.getByRole('form', { name: 'Leave a comment' });
  await form.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(postPath);
  await context.setOffline(false);
});

/** A server of its own (its own port and DATA_DIR), so stopping it leaves the shared one running. */
async function startOwnServer(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'web/e2e/serve.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_OWNER_PASSWORD: E2E_OWNER.password },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`${url}/privacy-policy`).then(
      (r) => r.ok,
      () => false,
    );
    if (up)
      return {
        url,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the server on port ${port} did not start`);
}

async function newVisitorPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('with the server stopped: saved copies for the visitor, never a page rendered for the owner', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // E2E_PORT + 103 (+101 and +102 are other specs' own servers): a port derived from the last digit alone was
  // the shared server's own for E2E_PORT 4520–4529, and the readiness check then found that server instead.
  const server = await startOwnServer(Number(process.env.E2E_PORT ?? 4310) + 103);
  const { context, page } = await newVisitorPage(browser, server.url);
  let ownerOnly = '';
  let visitorRead = '';
  try {
    const login = await context.request.post('/api/login', { data: E2E_OWNER });
    expect(login.ok()).toBe(true);
    const create = async (title: string) => {
      const answer = await context.request.post('/api/admin/blog', {
        data: {
          title,
          content: `## ${title} inside\n\nText of ${title}.`,
          excerpt: '',
          tags: [],
          published: true,
        },
      });
      expect(answer.status()).toBe(201);
      const { id } = (await answer.json()) as { id: number };
      return `/blog/post/${id}/${slugOf(title)}`;
    };
    ownerOnly = await create('Read by the owner');
    visitorRead = await create('Read by a visitor');

    // Signed in: the pages carry the owner's session (the navigation bar says so) and are private.
    await page.goto(ownerOnly);
    await expect(page.getByRole('button', { name: 'Logout (admin)' })).toBeVisible();
    await readerWorker(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout (admin)' })).toBeVisible();

    await context.clearCookies();
    await page.goto(visitorRead);
    await expect(page.getByRole('heading', { name: 'Read by a visitor inside' })).toBeVisible();
    await saved(page, visitorRead);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Read by a visitor' })).toBeVisible();
    await saved(page, '/blog');
    // The page the owner had open is kept only as a visitor gets it (fetched without the session).
    const ownerCopy = await page.evaluate(async (p) => (await caches.match(p))?.text() ?? '', ownerOnly);
    expect(ownerCopy).not.toContain('Logout (admin)');
  } finally {
    await server.stop();
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Read by a visitor' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await page.goto(visitorRead);
  await expect(page.getByRole('heading', { name: 'Read by a visitor inside' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  // The page the owner read comes back as a visitor's copy: never the one rendered for the owner.
  await page.goto(ownerOnly);
  await expect(page.getByRole('heading', { name: 'Read by the owner inside' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByText('Logout (admin)')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await context.close();
});
