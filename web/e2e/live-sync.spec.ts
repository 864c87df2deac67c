// Live sync between two devices (two browser profiles signed in as the owner): every kind of change made on
// one shows on the other's open screen within seconds, with no reload, click or focus change (before the
// live channel, nothing moved until the periodic sync a minute later); a session signed out elsewhere
// learns it at once; a dropped channel resumes from its last event without missing a change made meanwhile.
import { type AddressInfo, createServer, Socket } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { createServerNote, generateCards, noteCard } from './study-fixtures.ts';

/** Well under the periodic sync's minute: only the live channel can bring a change this fast. */
const LIVE = { timeout: 10_000 };

async function deviceB(page: Page, baseURL?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await page
    .context()
    .browser()!
    .newContext(baseURL ? { baseURL } : {});
  const other = await context.newPage();
  expect((await other.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
  return { context, page: other };
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn();
  const notes = (await (await page.request.get('/api/notes')).json()) as { id: number }[];
  for (const note of notes) await page.request.delete(`/api/notes/${note.id}`);
});

test('a note created, renamed and deleted on one device shows on the other open notes screen', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/notes');
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  const b = await deviceB(page);
  await b.page.goto('/notes');
  await expect(b.page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });

  const title = `Made on A ${Date.now()}`;
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('Written on device A.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created successfully')).toBeVisible();
  await expect(noteCard(b.page, title)).toBeVisible(LIVE);

  const { id } = (await (await page.request.get('/api/notes')).json())[0] as { id: number };
  const renamed = `${title} (renamed)`;
  const put = await page.request.put(`/api/notes/${id}`, { data: { title: renamed, baseVersion: 1 } });
  expect(put.ok()).toBe(true);
  await expect(noteCard(b.page, renamed)).toBeVisible(LIVE);

  expect((await page.request.delete(`/api/notes/${id}?version=2`)).ok()).toBe(true);
  await expect(noteCard(b.page, renamed)).toHaveCount(0, LIVE);
  await b.context.close();
});

test("flashcards generated and a review graded on one device show in the other's open study mode", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Live study ${Date.now()}`;
  await createServerNote(page, {
    title,
    content:
      '# Recall\n\nActive recall means retrieving an answer from memory. It strengthens memory.\n\n' +
      '## Spacing\n\nSpaced repetition schedules reviews at increasing intervals for each card.',
  });
  await page.goto('/notes');
  await noteCard(page, title).getByRole('button', { name: 'Study Mode' }).click();
  const studyA = page.getByTestId('study-mode');
  await studyA.getByRole('tab', { name: 'Flashcards' }).click();
  await expect(studyA.getByText('No flashcards yet.')).toBeVisible();

  const b = await deviceB(page);
  await b.page.goto('/notes');
  const total = await generateCards(b.page, title);
  expect(total).toBeGreaterThan(1);
  // A, still open and untouched, gets the cards B generated.
  await expect(studyA.getByTestId('note-due-today')).toHaveText(`${total} due today`, { timeout: 15_000 });

  await noteCard(b.page, title).getByRole('button', { name: 'Study Mode' }).click();
  const studyB = b.page.getByTestId('study-mode');
  await studyB.getByRole('tab', { name: 'Flashcards' }).click();
  await studyB.getByTestId('flashcard').click();
  await studyB.getByRole('button', { name: /^Easy/ }).click();
  await expect(studyB.getByTestId('note-due-today')).toHaveText(`${total - 1} due today`);
  // The grade reaches the server once it can no longer be undone (a few seconds), then A at once.
  await expect(studyA.getByTestId('note-due-today')).toHaveText(`${total - 1} due today`, {
    timeout: 20_000,
  });
  await b.context.close();
});

test('an open note and Blog Admin follow changes made on another device', async ({ page }) => {
  test.setTimeout(60_000);
  const title = `Open here ${Date.now()}`;
  const { id } = await createServerNote(page, { title, content: 'First words.' });
  const b = await deviceB(page);
  await b.page.goto('/notes');
  await noteCard(b.page, title).getByText('First words.').click();
  const viewer = b.page.getByTestId('note-viewer');
  await expect(viewer.getByText('First words.')).toBeVisible();
  const put = await page.request.put(`/api/notes/${id}`, {
    data: { content: 'Words changed on the laptop.', baseVersion: 1 },
  });
  expect(put.ok()).toBe(true);
  await expect(viewer.getByText('Words changed on the laptop.')).toBeVisible(LIVE);

  await b.page.goto('/blog/admin');
  await expect(b.page.getByRole('heading', { name: 'Blog Administration' })).toBeVisible();
  const post = `Posted elsewhere ${Date.now()}`;
  const created = await page.request.post('/api/admin/blog', {
    data: { title: post, content: 'A post written on the laptop.', tags: [], published: false },
  });
  expect(created.ok()).toBe(true);
  await expect(b.page.getByText(post)).toBeVisible(LIVE);
  await b.context.close();
});

test('two tabs of one browser share one channel, and the tab without it follows too', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const channels: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') channels.push(request.url());
  });
  await page.goto('/notes');
  await expect(page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  const second = await context.newPage();
  await second.goto('/blog/admin');
  await expect(second.getByRole('heading', { name: 'Blog Administration' })).toBeVisible();
  await page.waitForTimeout(1000);
  // One channel for the browser (Web Locks): the first tab holds it, the second hears through it.
  expect(channels).toHaveLength(1);

  const post = `Posted from the phone ${Date.now()}`;
  const created = await page.request.post('/api/admin/blog', {
    data: { title: post, content: 'Written elsewhere.', tags: [], published: false },
  });
  expect(created.ok()).toBe(true);
  await expect(second.getByText(post)).toBeVisible(LIVE);

  // The tab holding the channel closes: the other, still on Blog Admin, takes it over and keeps following.
  await page.close();
  const later = `After the first tab closed ${Date.now()}`;
  const again = await second.request.post('/api/admin/blog', {
    data: { title: later, content: 'Written elsewhere, later.', tags: [], published: false },
  });
  expect(again.ok()).toBe(true);
  await expect(second.getByText(later)).toBeVisible(LIVE);
  expect(channels).toHaveLength(2);
});

test('a session signed out from another device learns it at once and gets no more changes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const b = await deviceB(page);
  await b.page.goto('/notes');
  await expect(b.page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  const sessions = (await (await b.page.request.get('/api/user/sessions')).json()) as {
    id: number;
    current: boolean;
  }[];
  const bId = sessions.find((s) => s.current)!.id;

  await page.goto('/settings');
  expect((await page.request.delete(`/api/user/sessions/${bId}`)).status()).toBe(204);
  await expect(b.page.getByTestId('sync-status')).toHaveText('Sign in again to sync', LIVE);
  const title = `After the sign-out ${Date.now()}`;
  await createServerNote(page, { title, content: 'Not for a signed-out device.' });
  await b.page.waitForTimeout(1500);
  await expect(noteCard(b.page, title)).toHaveCount(0);
  await b.context.close();
});

/**
 * A TCP relay in front of the server for device B: `drop()` cuts every connection (the live channel with
 * them), and while `hold` is set new connections wait, so a change can land while B's channel is down.
 */
async function startRelay(port: number) {
  const sockets = new Set<Socket>();
  let held: (() => void)[] = [];
  let hold = false;
  const server = createServer((client) => {
    const connect = () => {
      const upstream = new Socket();
      upstream.connect(port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    };
    if (hold) held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop() {
      hold = true;
      for (const s of sockets) s.destroy();
    },
    release() {
      hold = false;
      for (const connect of held.splice(0)) connect();
      held = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a dropped channel resumes from its last event and pulls the change made while it was down', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const relay = await startRelay(Number(new URL(baseURL!).port));
  const b = await deviceB(page, relay.url);
  await b.page.goto('/notes');
  await expect(b.page.getByTestId('sync-status')).toHaveText('All changes synced', { timeout: 15_000 });
  const first = `Before the drop ${Date.now()}`;
  await createServerNote(page, { title: first, content: 'x' });
  await expect(noteCard(b.page, first)).toBeVisible(LIVE);

  relay.drop();
  const missed = `While B was cut off ${Date.now()}`;
  await createServerNote(page, { title: missed, content: 'y' });
  await page.waitForTimeout(500);
  relay.release();
  await expect(noteCard(b.page, missed)).toBeVisible(LIVE);
  await b.context.close();
  await relay.close();
});
