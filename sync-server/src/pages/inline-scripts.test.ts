// The page CSP names only the scripts the renderer wrote: an inline script that reached the page any other way
// (no mark, a wrong mark, or one copied from a page already served) is never hashed into the policy.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newScriptNonce, takeMarkedScripts } from './inline-scripts.ts';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('takeMarkedScripts', () => {
  it('hashes only the scripts carrying this render’s mark, and removes every mark from the page', () => {
    const nonce = newScriptNonce();
    const html =
      `<html><head><meta property="csp-nonce" content="${nonce}"/>` +
      `<script nonce="${nonce}">applyTheme()</script>` +
      `<script type="module" nonce="${nonce}" src="/assets/entry.js"></script></head><body>` +
      '<div><script>stealCookies()</script></div>' +
      '<script nonce="guessed">alsoInjected()</script>' +
      `<script class="$tsr" nonce="${nonce}">hydrate({"q":"<\\/script>"})</script></body></html>`;
    const page = takeMarkedScripts(html, nonce);
    expect(page.scriptSources.split(' ').sort()).toEqual(
      [hash('applyTheme()'), hash('hydrate({"q":"<\\/script>"})')].sort(),
    );
    expect(page.scriptSources).not.toContain(hash('stealCookies()'));
    expect(page.scriptSources).not.toContain(hash('alsoInjected()'));
    expect(page.html).not.toContain(nonce);
    expect(page.html).not.toContain('csp-nonce');
    expect(page.html).toContain('<script>applyTheme()</script>');
    expect(page.html).toContain('<script nonce="guessed">alsoInjected()</script>');
  });

  it('makes a new mark for every render', () => {
    expect(newScriptNonce()).not.toBe(newScriptNonce());
    expect(newScriptNonce()).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
