// The double opt-in mail: one link to a page whose button confirms (the link's GET changes nothing, so a
// mail scanner that opens it subscribes nobody).
import { MAIL_PAGES } from '@private-notes/shared';
import type { OutgoingMail } from './mail-service.ts';
import { escapeHtml, renderMail } from './render-mail.ts';

export function confirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${MAIL_PAGES.confirm}?token=${encodeURIComponent(token)}`;
}

export async function confirmationMail(to: string, siteName: string, link: string): Promise<OutgoingMail> {
  const { html, text } = await renderMail({
    siteName,
    heading: 'Confirm your subscription',
    bodyHtml: `<p>Someone (we hope you) asked to receive new posts from ${escapeHtml(siteName)} at
${escapeHtml(to)}. Open the link below and press “Confirm subscription” to start.</p>
<p><a class="button" href="${escapeHtml(link)}">Confirm your subscription</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>The link works for 48 hours. If you did not ask for this, ignore this mail: nothing will be sent.</p>`,
    footerHtml: `You got this mail because your address was entered on ${escapeHtml(siteName)}.`,
  });
  return { to, subject: `Confirm your subscription to ${siteName}`, html, text };
}
