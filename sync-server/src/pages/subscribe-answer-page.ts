// The answer to the newsletter form posted without JavaScript (POST /subscribe, then a redirect here): a small
// server-written page in the site's own stylesheet, saying how it went, with a link back to the page the
// form was on. Written as plain HTML, not a route of the web app, so the blog's pages carry no extra script
// for it (their first-visit budget is nearly spent).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../mail/render-mail.ts';

export type SubscribeResult = 'sent' | 'invalid' | 'limited';

export const SUBSCRIBE_RESULTS: readonly SubscribeResult[] = ['sent', 'invalid', 'limited'];

/** Where the form may send the reader back: a page of the blog on this site (never another site). */
const BACK_PATH = /^\/blog(?:\/[A-Za-z0-9._~%-]+)*\/?$/;

export function safeBackPath(value: unknown): string {
  return typeof value === 'string' && value.length <= 300 && BACK_PATH.test(value) ? value : '/blog';
}

const TEXTS: Record<SubscribeResult, { heading: string; body: string; role: 'status' | 'alert' }> = {
  sent: {
    heading: 'Check your inbox',
    body: 'Almost there: we sent a confirmation link to the address you gave. Open it to start receiving new posts.',
    role: 'status',
  },
  invalid: {
    heading: 'Subscription failed',
    body: 'Please enter a valid email address.',
    role: 'alert',
  },
  limited: {
    heading: 'Subscription failed',
    body: 'Too many subscription requests from this address. Please try again later.',
    role: 'alert',
  },
};

export function renderSubscribeAnswer(options: {
  result: SubscribeResult;
  back: string;
  siteTitle: string;
  stylesheets: readonly string[];
}): string {
  const text = TEXTS[options.result];
  const backLabel = options.back.startsWith('/blog/post/') ? 'Back to the post' : 'Back to the blog';
  return renderAnswerPage({
    siteTitle: options.siteTitle,
    stylesheets: options.stylesheets,
    heading: text.heading,
    className: 'pn-subscribe-answer',
    body: `<p role="${text.role}">${escapeHtml(text.body)}</p>
<p><a class="pn-button pn-button-primary" href="${escapeHtml(options.back)}">${backLabel}</a></p>`,
  });
}

/** A small server-written answer page: the site's title linking to the blog, a heading, and `body` (HTML). */
export function renderAnswerPage(page: {
  siteTitle: string;
  stylesheets: readonly string[];
  heading: string;
  className: string;
  body: string;
}): string {
  const links = page.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">
<title>${escapeHtml(page.heading)} | ${escapeHtml(page.siteTitle)}</title>${links}</head>
<body><main class="${page.className}" style="max-width:36rem;margin:4rem auto;padding:0 1rem">
<p><a href="/blog">${escapeHtml(page.siteTitle)}</a></p>
<h1>${escapeHtml(page.heading)}</h1>
${page.body}
</main></body></html>`;
}

/** The stylesheets every page of the build loads (its entries' CSS, from Vite's manifest); none when unbuilt. */
export function entryStylesheets(dist: string): string[] {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { isEntry?: boolean; css?: string[] }
    >;
    return Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => chunk.css ?? [])
      .map((file) => `/${file}`);
  } catch {
    return [];
  }
}
