// A post as a newsletter issue: rendered once per send with a placeholder where each recipient's signed
// unsubscribe token goes, so 10,000 recipients cost one render and 10,000 string replacements.
import { type BlogPost, postPath } from '@private-notes/shared';
import { listHeaders, unsubscribePageUrl } from './list-headers.ts';
import type { OutgoingMail } from './mail-service.ts';
import { absolutiseUrls, escapeHtml, renderMail } from './render-mail.ts';

const TOKEN_PLACEHOLDER = 'UNSUBSCRIBETOKENPLACEHOLDER';

export interface NewsletterTemplate {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export async function renderNewsletter(
  post: BlogPost,
  contentHtml: string,
  publicUrl: string,
  siteName: string,
): Promise<NewsletterTemplate> {
  const postUrl = `${publicUrl}${postPath(post)}`;
  const image =
    post.imageUrl && /^https?:\/\//i.test(post.imageUrl)
      ? `<p><img src="${escapeHtml(post.imageUrl)}" alt=""></p>`
      : '';
  const unsubscribeUrl = unsubscribePageUrl(publicUrl, TOKEN_PLACEHOLDER);
  const { html, text } = await renderMail({
    siteName,
    heading: post.title,
    bodyHtml: `${image}${absolutiseUrls(contentHtml, postUrl)}
<p><a class="button" href="${escapeHtml(postUrl)}">Read on ${escapeHtml(siteName)}</a></p>`,
    footerHtml: `You receive this because you subscribed to ${escapeHtml(siteName)}.<br>
<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> with one click, any time.`,
  });
  return { subject: post.title, html, text, headers: listHeaders(siteName, publicUrl, TOKEN_PLACEHOLDER) };
}

/** The issue for one recipient: their own unsubscribe link in the footer and the List-* headers. */
export function personalise(template: NewsletterTemplate, to: string, token: string): OutgoingMail {
  const fill = (s: string) => s.split(TOKEN_PLACEHOLDER).join(token);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(template.headers)) headers[name] = fill(value);
  return { to, subject: template.subject, html: fill(template.html), text: fill(template.text), headers };
}
