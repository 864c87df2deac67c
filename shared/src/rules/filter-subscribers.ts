// The subscribers table's search and status filter (SPEC section 2, /admin/subscribers).
import { z } from 'zod';

export const SUBSCRIBER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type SubscriberStatusFilter = (typeof SUBSCRIBER_STATUS_FILTERS)[number];
// Marked pure so a bundle that only filters leaves zod out.
const SubscriberStatusEnum = /* @__PURE__ */ z.enum(SUBSCRIBER_STATUS_FILTERS);
export const SubscriberStatusFilterSchema = /* @__PURE__ */ SubscriberStatusEnum.catch('all');
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatusFilter, string> = {
  all: 'All subscribers',
  active: 'Active only',
  inactive: 'Inactive only',
};

interface FilterableSubscriber {
  email: string;
  name?: string | null;
  interests: readonly string[];
  active: boolean;
}

/** Subscribers whose e-mail, name or an interest contains the search (case-insensitive) and whose status fits. */
export function filterSubscribers<T extends FilterableSubscriber>(
  subscribers: readonly T[],
  filters: { search?: string | null; status?: SubscriberStatusFilter | null },
): T[] {
  const query = filters.search?.trim().toLowerCase() ?? '';
  const status = filters.status ?? 'all';
  return subscribers.filter((s) => {
    if (status === 'active' && !s.active) return false;
    if (status === 'inactive' && s.active) return false;
    if (!query) return true;
    return (
      s.email.toLowerCase().includes(query) ||
      (s.name ?? '').toLowerCase().includes(query) ||
      s.interests.some((i) => i.toLowerCase().includes(query))
    );
  });
}

/** Whether the search or status narrows the table: the empty state then offers 'Clear filters'. */
export function subscriberFiltersActive(filters: {
  search?: string | null;
  status?: SubscriberStatusFilter | null;
}) {
  return Boolean(filters.search?.trim()) || (filters.status ?? 'all') !== 'all';
}

/** The active-count badge. */
export function activeSubscriberCount(subscribers: readonly { active: boolean }[]): number {
  let n = 0;
  for (const s of subscribers) if (s.active) n++;
  return n;
}
