// Words of the owner's e-mail screens that depend on a number, kept pure so they are tested.

/** Capture mode is the documented default and works: an informative state, not an error. */
export const CAPTURE_NOTICE = 'Mail is captured in the Outbox until an SMTP server is set up';

/** '3 messages are waiting in the Outbox.' (one message reads as one). */
export function capturedBannerText(captured: number): string {
  const waiting = captured === 1 ? '1 message is waiting' : `${captured} messages are waiting`;
  return `${waiting} in the Outbox.`;
}

/** 'Send to 1 subscriber' / 'Send to 12 subscribers'. */
export function subscribersText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`;
}
