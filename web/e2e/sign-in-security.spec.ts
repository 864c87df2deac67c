// Issue 23 in the browser: the 429 message on the sign-in form (shown once), the pre-filled username,
// passkeys through Chromium's virtual authenticator (added after confirming the password, issue 33), TOTP enrolment and sign-in (codes computed here),
// a recovery code, and the session list's sign-outs. Every test leaves the owner as it found them
// (password only, no passkey), since the other specs sign in with the password alone.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { axe } from './axe.ts';
import { E2E_OWNER, expect, test } from './fixtures.ts';
import { E2E_PORT } from './owner.ts';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp,
  });

async function seriousViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function openSecurity(page: Page, base = '') {
  await page.goto(`${base}/settings`);
  await page.getByRole('tab', { name: 'Security' }).click();
}

async function passwordForm(page: Page, password = E2E_OWNER.password) {
  await page.goto('/auth');
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('the sign-in form shows the server\'s 429 message once, never "invalid password"', async ({ page }) => {
  const stranger = `stranger-${Date.now()}`;
  await page.goto('/auth');
  await page.getByLabel('Username').fill(stranger);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Password').fill(`guess-${i}`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.locator('form').getByText('Invalid username or password. Please try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  }
  await page.getByLabel('Password').fill('maybe-the-right-one');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const limited = 'Too many attempts. Try again in 1 minute.';
  await expect(page.locator('form').getByRole('alert')).toHaveText(limited);
  await expect(page.getByText(limited)).toHaveCount(1);
});

test("the username is the server's owner by default, and the one last used on this device after", async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('pn-last-username'))).toBe('admin');

  const other = await page.context().browser()!.newContext();
  try {
    const fresh = await other.newPage();
    await fresh.addInitScript(() => localStorage.setItem('pn-last-username', 'used-here-before'));
    await fresh.goto(`http://127.0.0.1:${E2E_PORT}/auth`);
    await expect(fresh.getByLabel('Username')).toHaveValue('used-here-before');
  } finally {
    await other.close();
  }
});

test('a passkey is added in Settings and signs in without a password (virtual authenticator)', async ({
  page,
}) => {
  // WebAuthn needs a domain: this test runs on localhost (ALLOWED_ORIGINS in serve.mjs).
  const base = `http://localhost:${E2E_PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const login = await page.request.post(`${base}/api/login`, { data: E2E_OWNER });
  expect(login.ok()).toBe(true);
  await openSecurity(page, base);
  const list = page.getByRole('list', { name: 'Passkeys' });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Name the passkey')).toBeVisible();
  await page.getByLabel('Passkey name').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // A session alone adds no passkey: the password first (issue 33).
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Your password').fill('not the password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Password is incorrect');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await confirm.getByLabel('Your password').fill(E2E_OWNER.password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Test laptop');
  await expect(list.getByRole('listitem')).toContainText('Last used never');

  try {
    // Signed out (the authenticator keeps the passkey), then in again with the passkey alone.
    await page.context().clearCookies();
    await page.goto(`${base}/auth`);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(page).toHaveURL(`${base}/`);
    expect((await page.request.get(`${base}/api/user`)).status()).toBe(200);

    await openSecurity(page, base);
    await expect(list.getByRole('listitem')).not.toContainText('Last used never');
  } finally {
    await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
  }
  // Removed means it no longer signs in.
  await page.context().clearCookies();
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Passkey sign-in did not complete. Try again, or use your password.',
  );
  await expect(page).toHaveURL(`${base}/auth`);
});

test('a password change removes every passkey when the owner ticks "Also remove my passkeys"', async ({
  page,
}) => {
  const base = `http://localhost:${E2E_PORT}`;
  const next = 'a-temporary-password-3';
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  expect((await page.request.post(`${base}/api/login`, { data: E2E_OWNER })).ok()).toBe(true);
  await openSecurity(page, base);
  const list = page.getByRole('list', { name: 'Passkeys' });
  await page.getByLabel('Passkey name').fill('Old phone');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await confirm.getByLabel('Your password').fill(E2E_OWNER.password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const removeToo = page.getByRole('checkbox', { name: 'Also remove my passkeys' });
  await expect(removeToo).not.toBeChecked();
  await page.getByLabel('Current password').fill(E2E_OWNER.password);
  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Confirm password').fill(next);
  await page.getByText('Also remove my passkeys').click();
  await expect(removeToo).toBeChecked();
  await page.getByRole('button', { name: 'Change Password' }).click();
  try {
    await expect(page.getByRole('status').filter({ hasText: 'your passkeys removed' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await expect(removeToo).not.toBeChecked();
    // The authenticator still holds the passkey, but the server no longer knows it.
    await page.context().clearCookies();
    await page.goto(`${base}/auth`);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Passkey sign-in did not complete. Try again, or use your password.',
    );
  } finally {
    // Other tests sign in with the original password and no passkey.
    await page.context().clearCookies();
    const changed = await page.request.post(`${base}/api/login`, {
      data: { username: 'admin', password: next },
    });
    if (changed.ok()) {
      const back = await page.request.put(`${base}/api/user/password`, {
        data: { currentPassword: next, newPassword: E2E_OWNER.password, confirmPassword: E2E_OWNER.password },
      });
      expect(back.ok()).toBe(true);
    } else expect((await page.request.post(`${base}/api/login`, { data: E2E_OWNER })).ok()).toBe(true);
    const left = (await (await page.request.get(`${base}/api/user/passkeys`)).json()) as { id: number }[];
    for (const { id } of left) await page.request.delete(`${base}/api/user/passkeys/${id}`);
  }
});

async function newDevice(
  browser: Browser,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}`, userAgent });
  return { context, page: await context.newPage() };
}

test("TOTP: enrol with the QR code's key and a code, sign in with a code, then with a recovery code", async ({
  page,
  browser,
  signIn,
}) => {
  await signIn();
  await openSecurity(page);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  try {
    await page.getByLabel('Code from the app').fill('123');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    // The previous 30-second step's code (accepted for clock drift), so the sign-in below has a newer one.
    await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now() - 30_000));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await page.getByRole('button', { name: 'I saved them' }).click();
    await expect(
      page.getByText(/On: password sign-ins ask for a code.*10 recovery codes left/),
    ).toBeVisible();

    const laptop = await newDevice(browser);
    try {
      await passwordForm(laptop.page);
      await expect(laptop.page.getByLabel('Authentication code')).toBeFocused();
      await expect(laptop.page).toHaveURL('/auth');
      await laptop.page.getByLabel('Authentication code').fill('000000');
      await laptop.page.getByRole('button', { name: 'Sign In' }).click();
      await expect(laptop.page.locator('form').getByRole('alert')).toHaveText(
        'That code is not right. Try the current one, or a recovery code.',
      );
      await laptop.page.getByLabel('Authentication code').fill(codeAt(secret, Date.now()));
      await laptop.page.getByRole('button', { name: 'Sign In' }).click();
      await expect(laptop.page).toHaveURL('/');
    } finally {
      await laptop.context.close();
    }

    const phone = await newDevice(browser);
    try {
      await passwordForm(phone.page);
      await phone.page.getByLabel('Authentication code').fill(recovery[0]!);
      await phone.page.getByRole('button', { name: 'Sign In' }).click();
      await expect(phone.page).toHaveURL('/');
    } finally {
      await phone.context.close();
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText(/9 recovery codes left/)).toBeVisible();
  } finally {
    await openSecurity(page);
    await page.getByLabel('Password to turn it off').fill(E2E_OWNER.password);
    // A code too (issue 33): the next step's, which no sign-in above can have used.
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  }
  expect((await page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
});

test('the session list names each device and signs out one, then all others', async ({
  page,
  browser,
  signIn,
}) => {
  await signIn();
  const firefox = await newDevice(
    browser,
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  );
  const iphone = await newDevice(
    browser,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  );
  try {
    for (const device of [firefox, iphone]) {
      expect((await device.page.request.post('/api/login', { data: E2E_OWNER })).ok()).toBe(true);
    }
    await openSecurity(page);
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox on Linux' })).toContainText(
      'Last seen',
    );
    await expect(sessions.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })).toBeVisible();

    await sessions
      .getByRole('listitem')
      .filter({ hasText: 'Firefox on Linux' })
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Firefox on Linux is signed out.' }),
    ).toBeVisible();
    await expect(sessions.getByRole('listitem').filter({ hasText: 'Firefox on Linux' })).toHaveCount(0);
    expect((await firefox.page.request.get('/api/user')).status()).toBe(401);
    expect((await iphone.page.request.get('/api/user')).status()).toBe(200);

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByRole('status').filter({ hasText: /other sessions? signed out/ })).toBeVisible();
    // Passkeys are credentials of their own: they stay, and the owner is told (issue 33).
    await expect(page.getByRole('status').filter({ hasText: 'Your passkeys still sign in' })).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByRole('listitem')).toContainText('This device');
    expect((await iphone.page.request.get('/api/user')).status()).toBe(401);
    expect((await page.request.get('/api/user')).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  } finally {
    await firefox.context.close();
    await iphone.context.close();
  }
});

test('the sign-in sections fit a 390 px wide window', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await openSecurity(page);
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the sign-in sections have no serious accessibility violations (${scheme})`, async ({
    page,
    signIn,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn();
    await openSecurity(page);
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem').first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The setup step (nothing changes until a code confirms it).
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByLabel('Code from the app')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
