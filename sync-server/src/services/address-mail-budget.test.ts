// The per-address budget of the newsletter's own mails, and the one thing that resets it: a confirmation clicked
// in the inbox (its owner asked for the list, so the notice that may follow is not a stranger's doing).
import { describe, expect, it } from 'vitest';
import { ADDRESS_MAIL_INTERVAL_MS, mayMailAddress, withMailSent } from './address-mail-budget.ts';

const at = (ms: number) => new Date(Date.parse('2026-11-27T12:00:00.000Z') + ms);

describe('the address mail budget', () => {
  it('allows one mail per interval, whatever its kind', () => {
    const sent = { mailsSentAt: withMailSent({}, at(0)) };
    expect(mayMailAddress(sent, at(60_000))).toBe(false);
    expect(mayMailAddress(sent, at(ADDRESS_MAIL_INTERVAL_MS))).toBe(true);
  });

  it('starts afresh from a confirmation clicked in the inbox, and only from then', () => {
    const sent = { mailsSentAt: withMailSent({}, at(0)), confirmSentAt: at(0).toISOString() };
    expect(mayMailAddress({ ...sent, mailBudgetFrom: at(30_000).toISOString() }, at(60_000))).toBe(true);
    // A stranger's later mails still count after the reset.
    const later = {
      ...sent,
      mailBudgetFrom: at(30_000).toISOString(),
      mailsSentAt: withMailSent(sent, at(40_000)),
    };
    expect(mayMailAddress(later, at(60_000))).toBe(false);
  });
});
