// Turns a mail's content into what mail clients render well: one HTML part with every style inlined (juice)
// and a plain-text alternative (html-to-text). No tracking pixels, no rewritten links.
// juice and html-to-text are loaded on first use: together they add about a second to the server's
// start on a busy machine, and many servers never send a mail.
let renderers: Promise<[typeof import('juice'), typeof import('html-to-text')]> | null = null;
export function loadRenderers() {
  renderers ??= Promise.all([import('juice').then((m) => m.default), import('html-to-text')]);
  return renderers;
}

export interface MailContent {
  /** The big heading inside the mail. */
  heading: string;
  /** Trusted HTML (escaped text or the sanitised post render). */
  bodyHtml: string;
  /** Trusted HTML below a rule: why the reader gets this mail and how to stop it. */
  footerHtml: string;
  siteName: string;
}

export interface RenderedMail {
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLES = `
body { margin: 0; padding: 0; background: #f4f4f5; color: #18181b;
  font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
.wrap { width: 100%; background: #f4f4f5; padding: 24px 0; }
.card { max-width: 600px; margin: 0 auto; background: #ffffff; border-radius: 8px; padding: 32px; }
.site { font-size: 14px; color: #52525b; margin: 0 0 16px; }
h1 { font-size: 24px; line-height: 1.3; margin: 0 0 16px; color: #18181b; }
h2 { font-size: 20px; line-height: 1.3; margin: 24px 0 8px; }
h3 { font-size: 17px; margin: 20px 0 8px; }
p, li { font-size: 16px; line-height: 1.6; }
a { color: #2563eb; }
img { max-width: 100%; height: auto; border: 0; }
pre { background: #f4f4f5; padding: 12px; border-radius: 6px; overflow-x: auto; font-size: 13px; }
code { font-family: Menlo, Consolas, monospace; font-size: 14px; }
blockquote { border-left: 3px solid #d4d4d8; margin: 0; padding-left: 12px; color: #52525b; }
.button { display: inline-block; background: #2563eb; color: #ffffff; text-decoration: none;
  padding: 10px 18px; border-radius: 6px; font-weight: 600; }
.footer { max-width: 600px; margin: 16px auto 0; font-size: 13px; color: #71717a; text-align: center; }
.footer a { color: #52525b; }
`;

export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const [juice, { convert }] = await loadRenderers();
  const document = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(content.heading)}</title><style>${STYLES}</style></head>
<body><div class="wrap"><div class="card">
<p class="site">${escapeHtml(content.siteName)}</p>
<h1>${escapeHtml(content.heading)}</h1>
${content.bodyHtml}
</div><div class="footer">${content.footerHtml}</div></div></body></html>`;
  const html = juice(document, { removeStyleTags: true, preserveImportant: true });
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'p.site', format: 'skip' },
    ],
  });
  return { html, text };
}

/**
 * Makes every link and image in rendered post HTML absolute against the post's address, so they work in
 * a mail client (relative `/uploads/x.png` means nothing there). Anchors stay on the post's page.
 */
export function absolutiseUrls(html: string, baseUrl: string): string {
  return html.replace(/(\s(?:src|href))="([^"]*)"/gi, (whole, attr: string, value: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return whole;
    try {
      return `${attr}="${escapeHtml(new URL(value.replace(/&amp;/g, '&'), baseUrl).href)}"`;
    } catch {
      return whole;
    }
  });
}
