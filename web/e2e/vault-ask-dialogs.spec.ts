// The two questions about a locked note's text leaving the device are real dialogs (alertdialog, labelled,
// focus back on the button after): sending it to the AI model from the editor, and Convert to Blog Post.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ensureVault, unlockFromNotes } from './vault-helpers.ts';

const TITLE = `Asked first ${Date.now()}`;

async function newLockedNote(page: Page) {
  await page.getByRole('button', { name: 'New locked note' }).click();
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Content').fill('Grocery list: apples, oats, lentils and coffee for the week ahead.');
  await page.getByTestId('note-editor').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Open locked note: ${TITLE}` })).toBeVisible();
}

test('a locked note asks in dialogs before its text goes to the AI model or becomes a blog post', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  await ensureVault(page);
  // (Seen at the context: the service worker may make the request.)
  let sentToModel = 0;
  page.context().on('request', (request) => {
    if (request.url().endsWith('/api/notes/suggest-tags')) sentToModel++;
  });
  await page.goto('/notes');
  await unlockFromNotes(page);
  await newLockedNote(page);
  const card = page.getByTestId('note-card').filter({ hasText: TITLE });

  // The editor's AI helper: Cancel uses the built-in helper (nothing sent); yes sends it.
  await card.getByRole('button', { name: 'Edit Note' }).click();
  const suggest = page.getByRole('button', { name: 'Suggest Tags' });
  await suggest.click();
  const ai = page.getByRole('alertdialog', { name: 'Send this locked note to the AI model?' });
  await expect(ai).toContainText('built-in');
  await ai.getByRole('button', { name: 'Cancel' }).click();
  await expect(ai).toHaveCount(0);
  await expect(suggest).toBeFocused();
  await expect(page.getByText('Tags suggested', { exact: true })).toBeVisible();
  expect(sentToModel).toBe(0);
  await suggest.click();
  await ai.getByRole('button', { name: 'Send to the model' }).click();
  await expect.poll(() => sentToModel).toBeGreaterThan(0);
  await page.getByTestId('note-editor').getByRole('button', { name: 'Save' }).click();

  // Convert to Blog Post: Cancel makes nothing and gives focus back; yes makes the plain copy.
  const posts = async () =>
    ((await (await page.request.get('/api/admin/blog')).json()) as Array<{ title: string }>).map(
      (p) => p.title,
    );
  const convert = card.getByRole('button', { name: 'Convert to Blog Post' });
  await convert.click();
  const publish = page.getByRole('alertdialog', { name: 'Make a public copy of this locked note?' });
  await expect(publish).toContainText('anyone can read once you publish it');
  await publish.getByRole('button', { name: 'Cancel' }).click();
  await expect(publish).toHaveCount(0);
  await expect(convert).toBeFocused();
  expect(await posts()).not.toContain(TITLE);
  await convert.click();
  await publish.getByRole('button', { name: 'Make the plain copy' }).click();
  await expect.poll(posts).toContain(TITLE);
});
