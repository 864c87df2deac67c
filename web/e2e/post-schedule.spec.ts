// Post settings as the owner and a visitor see them, in a 390 px window: a post scheduled a few seconds
// ahead with its own slug is a draft "Scheduled for …" in Blog Admin, absent from /blog until its time,
// then listed there (the server's job published it) and reached at its slug.
import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a scheduled post appears on /blog at its time, at its own slug', async ({ page, signIn, browser }) => {
  await signIn();
  await page.goto('/blog/admin');
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
  const title = `Scheduled launch ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Slug').fill('Not A Slug');
  // Eight seconds ahead, as the device's own clock and time zone put it.
  const publishAt = await page.evaluate(() => {
    const at = new Date(Date.now() + 8000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  await dialog.getByLabel('Publish at').fill(publishAt);
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  // The server's rule for slugs, under the field; then a good one.
  await expect(
    dialog.getByText('Slug must be lowercase letters and digits joined by single hyphens'),
  ).toBeVisible();
  await dialog.getByLabel('Slug').fill('launch-day');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeHidden();

  const card = page
    .getByTestId('admin-post-card')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Scheduled for /)).toBeVisible();

  // A visitor: not on /blog before its time, there once it has come.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto('/blog');
  await expect(visitor.getByRole('link', { name: title }).first()).toHaveCount(0);
  const due = Date.parse(new Date(publishAt).toISOString());
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000, intervals: [500] });
  expect(Date.now()).toBeGreaterThanOrEqual(due);

  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor).toHaveURL(/\/blog\/post\/\d+\/launch-day$/);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();

  // The owner's list after a reload: published, no longer scheduled.
  await page.reload();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Scheduled for /)).toHaveCount(0);
});
