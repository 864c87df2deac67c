// How the Outbox shows a message's time and state. Its screens render in the browser only, so the owner's
// own time zone is used.
import type { OutboxMessage } from '@private-notes/shared';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function outboxDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Captured is never shown as delivered: orange, like a warning; sent green; failed red. */
export const OUTBOX_STATE_PALETTE: Record<OutboxMessage['state'], string> = {
  captured: 'orange',
  sent: 'green',
  failed: 'red',
};
