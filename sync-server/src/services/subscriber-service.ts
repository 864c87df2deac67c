// The newsletter list with double opt-in: subscribing makes a pending subscriber that confirms from its
// inbox; unsubscribing or a permanent delivery failure stops the mail; nothing is ever deleted. Addresses
// are kept trimmed and lowercase, so the same person is one subscriber however they type it.
import {
  CONFIRM_TOKEN_TTL_MS,
  type Subscriber,
  type SubscriberStatus,
  type SubscribeSchema,
} from '@private-notes/shared';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import { hashConfirmToken, newConfirmToken } from '../mail/mail-tokens.ts';
import type { Store, SubscriberRecord } from '../storage/index.ts';
import { mayMailAddress, withMailSent, withoutMailSent } from './address-mail-budget.ts';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';
/** An address unsubscribed by someone typing it gets at most one notice in this time. */
export const UNSUBSCRIBE_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The notice's way back works this long. */
export const RESUBSCRIBE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SubscribeInput = z.output<typeof SubscribeSchema>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The status of a record, including ones stored before statuses existed. */
export function statusOf(record: SubscriberRecord): SubscriberStatus {
  return record.status ?? (record.active ? 'active' : 'unsubscribed');
}

/** Why the owner may not turn this address on, or null when it may be. */
function activationRefusal(record: SubscriberRecord): string | null {
  if (record.status === 'bounced')
    return `Mail to ${record.email} bounced, so it is not sent the newsletter again. The address can subscribe anew from the blog.`;
  // Records from before double opt-in have no status: they subscribed under the rules of their day.
  if (record.status !== undefined && !record.confirmedAt)
    return `${record.email} has not confirmed the subscription yet: it gets the newsletter once the link in its confirmation mail is followed.`;
  return null;
}

/** The owner's view of a subscriber: no token hashes. */
export function toSubscriber(record: SubscriberRecord): Subscriber {
  const status = statusOf(record);
  return {
    id: record.id,
    email: record.email,
    ...(record.name !== undefined ? { name: record.name } : {}),
    interests: record.interests,
    active: status === 'active',
    status,
    subscribedAt: record.subscribedAt,
  };
}

export interface SubscribeResult {
  subscriber: Subscriber;
  /** Set when a confirmation mail must go out now (the raw token exists only here and in that mail). */
  confirmToken: string | null;
}

export class SubscriberService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Newest subscribers first. */
  list(): Subscriber[] {
    return this.#store
      .all('subscribers')
      .sort((a, b) => Date.parse(b.subscribedAt) - Date.parse(a.subscribedAt) || b.id - a.id)
      .map(toSubscriber);
  }

  /** The addresses a newsletter issue goes to, oldest subscriber first. */
  activeSubscribers(): SubscriberRecord[] {
    return this.#store.filter('subscribers', (s) => statusOf(s) === 'active');
  }

  /**
   * New address → pending with a confirmation token. Active → nothing changes. Pending, unsubscribed or
   * bounced → pending, with a fresh token and its mail only while the address's mail budget allows
   * (address-mail-budget.ts: one mail per 10 minutes, a few a day, kept through unsubscribes); otherwise
   * without a mail, which the next sign-up past the interval sends.
   */
  async subscribe(input: SubscribeInput, now = new Date()): Promise<SubscribeResult> {
    const email = normaliseEmail(input.email);
    const fresh = newConfirmToken();
    const tokenFields = (record: SubscriberRecord | null) => ({
      confirmTokenHash: fresh.hash,
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString(),
      confirmSentAt: now.toISOString(),
      mailsSentAt: withMailSent(record ?? {}, now),
    });
    return this.#store.write((tx) => {
      const existing = tx.lookup('subscribers', 'email', email);
      if (!existing) {
        const created = tx.insert('subscribers', {
          email,
          name: input.name ? input.name : null,
          interests: [...new Set(input.interests ?? [])],
          active: false,
          status: 'pending',
          subscribedAt: now.toISOString(),
          ...tokenFields(null),
        });
        return { subscriber: toSubscriber(created), confirmToken: fresh.token };
      }
      const status = statusOf(existing);
      if (status === 'active') return { subscriber: toSubscriber(existing), confirmToken: null };
      const mail = mayMailAddress(existing, now);
      if (status === 'pending' && !mail) return { subscriber: toSubscriber(existing), confirmToken: null };
      const updated = tx.update('subscribers', existing.id, {
        active: false,
        status: 'pending',
        ...(input.name ? { name: input.name } : {}),
        ...(input.interests && input.interests.length > 0
          ? { interests: [...new Set(input.interests)] }
          : {}),
        ...(mail ? tokenFields(existing) : {}),
      });
      return { subscriber: toSubscriber(updated), confirmToken: mail ? fresh.token : null };
    });
  }

  /** The confirmation mail could not go out: let the next sign-up try again at once. */
  async confirmMailFailed(id: number): Promise<void> {
    await this.#store.write((tx) => {
      const record = tx.get('subscribers', id);
      if (record)
        tx.update('subscribers', id, {
          confirmSentAt: null,
          mailsSentAt: withoutMailSent(record, record.confirmSentAt),
        });
    });
  }

  /**
   * Confirms the subscription a token was mailed for. A second use answers true and changes nothing; an
   * unknown, expired or withdrawn (unsubscribed since) token answers false.
   */
  async confirm(token: string, now = new Date()): Promise<boolean> {
    const hash = hashConfirmToken(token);
    return this.#store.write((tx) => {
      const record = tx.lookup('subscribers', 'confirmTokenHash', hash);
      if (!record) return false;
      const status = statusOf(record);
      if (status === 'active') return true;
      // Unsubscribed with a token still on the record: the way back an unsubscribe notice offered.
      if (status !== 'pending' && status !== 'unsubscribed') return false;
      if (!record.confirmExpiresAt || Date.parse(record.confirmExpiresAt) < now.getTime()) return false;
      tx.update('subscribers', record.id, {
        active: true,
        status: 'active',
        confirmedAt: now.toISOString(),
        // Confirmed from the inbox: its owner asked for the list, so the mails that led here stop counting
        // against the address's budget (an unsubscribe notice may follow at once).
        mailBudgetFrom: now.toISOString(),
      });
      return true;
    });
  }

  /** Stops the mail for the address if it is on the list; does nothing (and says nothing) otherwise. */
  async unsubscribe(email: string): Promise<void> {
    const record = this.#store.lookup('subscribers', 'email', normaliseEmail(email));
    if (record) await this.unsubscribeById(record.id);
  }

  /**
   * The spec's unsubscribe by address, which anyone who knows the address can do: the subscription stops at
   * once, and an active subscriber is owed a notice with a way back (a confirmation token, valid
   * RESUBSCRIBE_TOKEN_TTL_MS, that the confirmation page accepts). At most one notice a day per address,
   * and only within the address's mail budget; otherwise the way back of the last notice stays valid.
   * Null: nothing to mail.
   */
  async unsubscribeByAddress(
    email: string,
    now = new Date(),
  ): Promise<{ email: string; token: string } | null> {
    const record = this.#store.lookup('subscribers', 'email', normaliseEmail(email));
    if (!record) return null;
    if (statusOf(record) !== 'active') {
      await this.unsubscribeById(record.id);
      return null;
    }
    const noticeDue =
      (!record.noticeSentAt ||
        now.getTime() - Date.parse(record.noticeSentAt) >= UNSUBSCRIBE_NOTICE_INTERVAL_MS) &&
      mayMailAddress(record, now);
    const wayBack = noticeDue ? newConfirmToken() : null;
    return this.#store.write((tx) => {
      const current = tx.get('subscribers', record.id);
      if (!current || statusOf(current) !== 'active') return null;
      tx.update('subscribers', record.id, {
        active: false,
        status: 'unsubscribed',
        ...(wayBack
          ? {
              confirmTokenHash: wayBack.hash,
              confirmExpiresAt: new Date(now.getTime() + RESUBSCRIBE_TOKEN_TTL_MS).toISOString(),
              noticeSentAt: now.toISOString(),
              mailsSentAt: withMailSent(current, now),
            }
          : {}),
      });
      return wayBack ? { email: current.email, token: wayBack.token } : null;
    });
  }

  /** Idempotent; also withdraws an open confirmation link, so an old mail cannot resubscribe. */
  async unsubscribeById(id: number): Promise<void> {
    await this.#store.write((tx) => {
      const record = tx.get('subscribers', id);
      if (!record) return;
      const status = statusOf(record);
      if (status === 'unsubscribed' || status === 'bounced') return;
      tx.update('subscribers', id, {
        active: false,
        status: 'unsubscribed',
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
    });
  }

  /** A permanent SMTP rejection: never mail the address again unless it opts in anew. */
  async markBounced(id: number, reason: string): Promise<void> {
    await this.#store.write((tx) => {
      if (tx.get('subscribers', id))
        tx.update('subscribers', id, { active: false, status: 'bounced', bounceReason: reason });
    });
  }

  /**
   * The owner's switch. Turning an address on needs its consent: an address that never confirmed (its
   * confirmation mail is what asks) or whose mail bounced is refused; one that confirmed once and was
   * turned off, or that subscribed before double opt-in, comes back on.
   */
  async setActive(id: number, active: boolean, now = new Date()): Promise<Subscriber> {
    return this.#store.write((tx) => {
      const record = tx.get('subscribers', id);
      if (!record) throw new HttpError(404, SUBSCRIBER_NOT_FOUND);
      if (record.active === active && record.status !== undefined) return toSubscriber(record);
      if (active) {
        const refusal = activationRefusal(record);
        if (refusal) throw new HttpError(409, refusal);
      }
      return toSubscriber(
        tx.update('subscribers', id, {
          active,
          status: active ? 'active' : 'unsubscribed',
          ...(active
            ? { confirmedAt: now.toISOString() }
            : { confirmTokenHash: null, confirmExpiresAt: null }),
        }),
      );
    });
  }
}
