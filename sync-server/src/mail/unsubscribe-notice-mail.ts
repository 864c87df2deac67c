// The notice an address gets when someone unsubscribed it by typing it in (the spec lets anyone do that):
// the subscriber learns of it, and one link brings the subscription back. The link opens the confirmation
// page, whose button (not the link's GET, which mail scanners open) resubscribes.
import type { OutgoingMail } from './mail-service.ts';
import { escapeHtml, renderMail } from './render-mail.ts';

export async function unsubscribeNoticeMail(
  to: string,
  siteName: string,
  link: string,
): Promise<OutgoingMail> {
  const { html, text } = await renderMail({
    siteName,
    heading: 'You were unsubscribed',
    bodyHtml: `<p>You were unsubscribed from ${escapeHtml(siteName)}: ${escapeHtml(to)} was entered on the
blog's unsubscribe page, so no more posts will be mailed to it.</p>
<p>Not you? Resubscribe with one click:</p>
<p><a class="button" href="${escapeHtml(link)}">Resubscribe</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>The link works for 30 days. If it was you, there is nothing more to do.</p>`,
    footerHtml: `You got this notice because ${escapeHtml(to)} was unsubscribed on ${escapeHtml(siteName)}.`,
  });
  return { to, subject: `You were unsubscribed from ${siteName}`, html, text };
}
