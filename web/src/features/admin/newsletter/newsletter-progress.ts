// Reading a newsletter send's progress: whether the screen should keep polling, how far it is, and the
// words for its state. Pure, so the rules are tested without a browser.
import type { NewsletterSend } from '@private-notes/shared';

/** The contract asks for a poll every 1–2 s while a send is under way. */
export const NEWSLETTER_POLL_MS = 1500;

export function shouldPoll(send: NewsletterSend | null | undefined): boolean {
  return send?.state === 'sending';
}

/** Share of the recipients handled (sent, failed, skipped or uncertain), 0–100; an empty send is done. */
export function progressPercent(send: NewsletterSend): number {
  if (send.total <= 0) return 100;
  const handled = Math.min(send.total, Math.max(0, send.total - send.left));
  return Math.round((handled / send.total) * 100);
}

export function sendStateLabel(send: NewsletterSend): string {
  if (send.state === 'sending') return 'Sending…';
  if (send.state === 'paused') return 'Paused';
  return send.failed + send.uncertain > 0 ? 'Finished with problems' : 'Done';
}

/** '40 of 100 sent · 2 failed · 58 left' (zero counts other than sent and left are left out). */
export function sendCountsText(send: NewsletterSend): string {
  const parts = [`${send.sent.toLocaleString('en-US')} of ${send.total.toLocaleString('en-US')} sent`];
  if (send.failed) parts.push(`${send.failed.toLocaleString('en-US')} failed`);
  if (send.skipped) parts.push(`${send.skipped.toLocaleString('en-US')} skipped`);
  if (send.uncertain) parts.push(`${send.uncertain.toLocaleString('en-US')} uncertain`);
  parts.push(`${send.left.toLocaleString('en-US')} left`);
  return parts.join(' · ');
}

/** Uncertain recipients may be retried once nothing is being handed to SMTP. */
export function canRetryUncertain(send: NewsletterSend): boolean {
  return send.uncertain > 0 && send.state !== 'sending';
}
