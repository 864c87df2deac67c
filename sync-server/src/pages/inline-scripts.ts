// The inline scripts a rendered page may run: only those the renderer itself wrote. The renderer marks each
// of its scripts with a nonce made for that one render (never sent to anyone as a nonce); the server hashes
// exactly the marked scripts for the CSP and removes the marks, so the page's bytes are the same for every
// render (stable ETags, cacheable) and an inline script that got into the page any other way, with no mark
// or a guessed one, is not in the policy and does not run.
import { createHash, randomBytes } from 'node:crypto';

/** A fresh mark for one render. */
export function newScriptNonce(): string {
  return randomBytes(18).toString('base64url');
}

export interface MarkedPage {
  /** The page without the marks. */
  html: string;
  /** `'sha256-…'` sources for the CSP's script-src, one per distinct script the renderer wrote. */
  scriptSources: string;
}

/** Hashes the scripts carrying `nonce`, then removes every trace of it (attributes and the router's meta). */
export function takeMarkedScripts(html: string, nonce: string): MarkedPage {
  const mark = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', code = ''] = match;
    if (code === '' || /\ssrc=/.test(attributes) || !attributes.includes(mark)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  const unmarked = html
    .replaceAll(`<meta property="csp-nonce" content="${nonce}"/>`, '')
    .replaceAll(`<meta property="csp-nonce" content="${nonce}">`, '')
    .replaceAll(mark, '');
  return { html: unmarked, scriptSources: [...hashes].join(' ') };
}
