// Playwright fixtures: `signIn()` (a real login through the API, the session cookie lands in the page's
// context) and `consoleErrors` (every console error and page error of the test, for hydration checks).
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_OWNER } from './owner.ts';

export interface ShellFixtures {
  /** Signs the owner in (fresh session) in the given page's context; defaults to the test's page. */
  signIn: (page?: Page) => Promise<void>;
  /** Console errors and uncaught page errors seen so far in this test. */
  consoleErrors: string[];
}

export const test = base.extend<ShellFixtures>({
  signIn: async ({ page }, use) => {
    await use(async (target = page) => {
      const response = await target.request.post('/api/login', { data: E2E_OWNER });
      expect(response.ok(), `login answered ${response.status()}`).toBe(true);
    });
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { E2E_OWNER, expect };
