// How often the newsletter's own mails (the double opt-in's confirmation, the unsubscribe notice) may go to
// one address, whatever the address's state. Both are mailed on a stranger's request (anyone may type any
// address into the forms), so the budget lives on the address's record and outlives an unsubscribe: a
// subscribe/unsubscribe pair cannot reset it. The per-source rate limits of the routes come on top.
import { CONFIRM_RESEND_INTERVAL_MS } from '@private-notes/shared';
import type { SubscriberRecord } from '../storage/index.ts';

/** At most one such mail per address in this time (the confirmation's resend interval). */
export const ADDRESS_MAIL_INTERVAL_MS = CONFIRM_RESEND_INTERVAL_MS;
/** And at most this many in a day. */
export const ADDRESS_MAILS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

type Sent = Pick<SubscriberRecord, 'mailsSentAt' | 'confirmSentAt' | 'noticeSentAt' | 'mailBudgetFrom'>;

/** The times (ms) of the mails sent to the address in the last day, records from before the budget included. */
function sentWithinDay(record: Sent, now: number): number[] {
  const times = new Set<number>();
  // A confirmation clicked in the inbox starts the budget afresh: what went before was asked for.
  const from = record.mailBudgetFrom ? Date.parse(record.mailBudgetFrom) : Number.NEGATIVE_INFINITY;
  for (const at of [...(record.mailsSentAt ?? []), record.confirmSentAt, record.noticeSentAt]) {
    if (!at) continue;
    const time = Date.parse(at);
    if (!Number.isNaN(time) && now - time < DAY_MS && time >= from) times.add(time);
  }
  return [...times].sort((a, b) => a - b);
}

/** Whether one more mail may go to the address now. */
export function mayMailAddress(record: Sent, now: Date): boolean {
  const sent = sentWithinDay(record, now.getTime());
  const last = sent.at(-1);
  if (last !== undefined && now.getTime() - last < ADDRESS_MAIL_INTERVAL_MS) return false;
  return sent.length < ADDRESS_MAILS_PER_DAY;
}

/** The record's `mailsSentAt` with a mail sent `now` added (older than a day dropped). */
export function withMailSent(record: Sent, now: Date): string[] {
  const day = now.getTime() - DAY_MS;
  return [...(record.mailsSentAt ?? []).filter((at) => Date.parse(at) > day), now.toISOString()];
}

/** The record's `mailsSentAt` without the mail sent at `at` (it could not go out: it costs nothing). */
export function withoutMailSent(record: Sent, at: string | null | undefined): string[] {
  return (record.mailsSentAt ?? []).filter((sent) => sent !== at);
}
