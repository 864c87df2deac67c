// The newsletter list: subscribing (again) activates, unsubscribing deactivates, nothing is ever deleted.
// Addresses are kept trimmed and lowercase, so the same person is one subscriber however they type it.
import type { Subscriber, SubscriberStatus, SubscribeSchema } from '@private-notes/shared';
import type { z } from 'zod';
import { HttpError } from '../http/http-error.ts';
import type { Store, SubscriberRecord } from '../storage/index.ts';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

export type SubscribeInput = z.output<typeof SubscribeSchema>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The status of a record, including ones stored before statuses existed. */
export function statusOf(record: SubscriberRecord): SubscriberStatus {
  return record.status ?? (record.active ? 'active' : 'unsubscribed');
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

  /**
   * Adds the address, or reactivates it (updating name and interests when given). `created` tells which;
   * the answer to the visitor must not depend on it beyond what the API contract says.
   */
  async subscribe(
    input: SubscribeInput,
    now = new Date(),
  ): Promise<{ subscriber: Subscriber; created: boolean }> {
    const email = normaliseEmail(input.email);
    return this.#store.write((tx) => {
      const existing = tx.lookup('subscribers', 'email', email);
      if (existing) {
        const subscriber = tx.update('subscribers', existing.id, {
          active: true,
          status: 'active',
          ...(input.name ? { name: input.name } : {}),
          ...(input.interests && input.interests.length > 0
            ? { interests: [...new Set(input.interests)] }
            : {}),
        });
        return { subscriber: toSubscriber(subscriber), created: false };
      }
      const subscriber = tx.insert('subscribers', {
        email,
        name: input.name ? input.name : null,
        interests: [...new Set(input.interests ?? [])],
        active: true,
        status: 'active',
        subscribedAt: now.toISOString(),
      });
      return { subscriber: toSubscriber(subscriber), created: true };
    });
  }

  /** Marks the address inactive if it is on the list; does nothing (and says nothing) otherwise. */
  async unsubscribe(email: string): Promise<void> {
    const normalised = normaliseEmail(email);
    await this.#store.write((tx) => {
      const existing = tx.lookup('subscribers', 'email', normalised);
      if (existing?.active) tx.update('subscribers', existing.id, { active: false, status: 'unsubscribed' });
    });
  }

  async setActive(id: number, active: boolean): Promise<Subscriber> {
    return this.#store.write((tx) => {
      if (!tx.get('subscribers', id)) throw new HttpError(404, SUBSCRIBER_NOT_FOUND);
      return toSubscriber(
        tx.update('subscribers', id, { active, status: active ? 'active' : 'unsubscribed' }),
      );
    });
  }
}
