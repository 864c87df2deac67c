// Small things a daily user meets (issue 35): the footer while signed in, the Outbox's capture-mode notice,
// and the TOTP messages (a wrong set-up code reads as a sentence; the code that turned TOTP on is refused
// at sign-in as already used, not as wrong).
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { E2E_PORT } from './owner.ts';
import { createServerNote, STUDY_NOTE } from './study-fixtures.ts';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

async function openSecurity(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
}

test('the footer offers My Notes, not Admin Login, while signed in', async ({ page, signIn }) => {
  await page.goto('/blog');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/auth');
  await signIn();
  await page.goto('/blog');
  await expect(footer.getByRole('link', { name: 'My Notes' })).toHaveAttribute('href', '/notes');
  await expect(footer.getByRole('link', { name: 'Admin Login' })).toHaveCount(0);
});

test('in capture mode the Outbox notice is information, even with settings missing', async ({
  page,
  signIn,
}) => {
  await signIn();
  // No owner address (a fresh server has none): a missing setting is listed, but mail still waits.
  const settings = (await (await page.request.get('/api/settings')).json()) as { ownerEmail: string | null };
  expect(settings.ownerEmail ?? null).toBeNull();
  await page.goto('/admin/outbox');
  const banner = page.getByTestId('mail-banner');
  await expect(banner).toContainText('Mail is captured in the Outbox until an SMTP server is set up');
  await expect(banner).toContainText('Your e-mail address is not set');
  await expect(banner).toHaveAttribute('data-status', 'info');
});

test('TOTP: a wrong set-up code reads as a sentence; the code that turned it on is refused as used', async ({
  page,
  browser,
  signIn,
}) => {
  await signIn();
  await openSecurity(page);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.locator('code').textContent())!.trim();
  try {
    await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not right. Check the time on your device.',
    );

    const code = codeAt(secret, Date.now());
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I saved them' }).click();

    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    try {
      const device = await context.newPage();
      await device.goto('/auth');
      await expect(device.getByLabel('Username')).toHaveValue('admin');
      await device.getByLabel('Password').fill(E2E_OWNER.password);
      await device.getByRole('button', { name: 'Sign In' }).click();
      await device.getByLabel('Authentication code').fill(code);
      await device.getByRole('button', { name: 'Sign In' }).click();
      await expect(device.locator('form').getByRole('alert')).toHaveText(
        'That code was already used; wait for the next one.',
      );
    } finally {
      await context.close();
    }
  } finally {
    await openSecurity(page);
    const off = page.getByRole('button', { name: 'Turn off two-factor authentication' });
    if (await off.isVisible()) {
      await page.getByLabel('Password to turn it off').fill(E2E_OWNER.password);
      // Turning it off takes a code too: the next step's, which no sign-in above can have used.
      await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
      await off.click();
      await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    }
  }
});

test('note cards show [[links]] as their text, and an Obsidian file’s inline #tags become tags', async ({
  page,
  signIn,
}) => {
  await signIn();
  const word = Date.now().toString(36);
  await createServerNote(page, {
    title: `Linking card ${word}`,
    content: `Read [[Cell respiration]] and [[Photosynthesis|how plants eat]] today.`,
  });
  await page.goto('/notes');
  const card = page.getByTestId('note-card').filter({ hasText: `Linking card ${word}` });
  await expect(card).toContainText('Read Cell respiration and how plants eat today.');
  await expect(card).not.toContainText('[[');

  await page.getByRole('link', { name: 'Import & Export' }).click();
  await page.getByLabel('Files to import').setInputFiles({
    name: `Tagged ${word}.md`,
    mimeType: 'text/markdown',
    buffer: Buffer.from(`Mitochondria #biology and #exam-prep, issue #35.\n\n\`#notatag\``),
  });
  await page.getByRole('button', { name: 'Import 1 note' }).click();
  await expect(page.getByText('Imported 1 note.')).toBeVisible({ timeout: 20_000 });
  // The imported note reaches the server with its tags (none from code or a number).
  await expect
    .poll(
      async () => {
        const notes = (await (await page.request.get('/api/notes')).json()) as {
          title: string;
          tags: string[];
        }[];
        return notes.find((n) => n.title === `Tagged ${word}`)?.tags ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual(['biology', 'exam-prep']);
});

test('converting a note to a post does not repeat its opening sentences', async ({ page, signIn }) => {
  await signIn();
  const title = `Post source ${Date.now()}`;
  await createServerNote(page, { title, content: STUDY_NOTE });
  await page.goto('/notes');
  await page
    .getByTestId('note-card')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Convert to Blog Post' })
    .click();
  await expect(page).toHaveURL(/\/blog\/admin\?edit=\d+$/, { timeout: 15_000 });
  const postId = Number(new URL(page.url()).searchParams.get('edit'));
  const posts = (await (await page.request.get('/api/admin/blog')).json()) as {
    id: number;
    content: string;
  }[];
  const content = posts.find((post) => post.id === postId)!.content;
  for (const sentence of [
    'Spaced repetition is a learning technique that schedules reviews at increasing intervals.',
    'Active recall means retrieving an answer from memory instead of rereading it.',
  ])
    expect(content.split(sentence), `"${sentence}" appears once`).toHaveLength(2);
  expect((await page.request.delete(`/api/admin/blog/${postId}`)).ok()).toBe(true);
});
