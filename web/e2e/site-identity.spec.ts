// The site's identity everywhere it speaks: after renaming the site in Settings › Site, the app's header
// brand, the footer blurb (the tagline), the newsletter block, the subscription confirmation and unsubscribe
// pages, and the mail's From (the site title, with the sender address set there; an invalid one refused).
import { expect, test } from './fixtures.ts';

test('a renamed site shows its name on every surface, and its mail comes from it', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn();
  const before = await (await page.request.get('/api/admin/site')).json();
  const name = `Field Notes ${Date.now().toString(36)}`;
  try {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Site' }).click();
    const site = page.getByRole('form', { name: 'Site' });
    await site.getByLabel('Site title').fill(name);
    await site.getByLabel('Tagline').fill(`Letters from the field, ${name}`);
    await site.getByLabel('Sender address').fill('not-an-address');
    await site.getByRole('button', { name: 'Save Site' }).click();
    await expect(site.getByText(/Sender address must be a valid email address/)).toBeVisible();
    await site.getByLabel('Sender address').fill('letters@field.example');
    await site.getByRole('button', { name: 'Save Site' }).click();
    await expect(site.getByText(/Sender address must be/)).toHaveCount(0);
    await expect
      .poll(async () => (await (await page.request.get('/api/admin/mail/status')).json()).from)
      .toBe(`${name} <letters@field.example>`);

    // The app's header brand.
    await page.goto('/notes');
    await expect(page.getByRole('banner').getByRole('link', { name: `${name} home` })).toContainText(name);

    // Public pages as a visitor sees them.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    try {
      const reader = await visitor.newPage();
      await reader.goto('/blog');
      await expect(reader.getByRole('banner')).toContainText(name);
      await expect(reader.locator('footer')).toContainText(`Letters from the field, ${name}`);
      await expect(reader.getByText(`New posts from ${name}, by e-mail.`)).toBeVisible();
      await reader.goto('/subscribe/confirm?token=abc');
      await expect(reader.locator('main')).toContainText(`the ${name} newsletter`);
      await expect(reader.locator('main')).not.toContainText('Private Notes newsletter');
      await reader.goto('/unsubscribe');
      await expect(reader.locator('main')).toContainText(`stop receiving the ${name} newsletter`);
    } finally {
      await visitor.close();
    }
  } finally {
    expect((await page.request.put('/api/admin/site', { data: before })).ok()).toBe(true);
  }
});
