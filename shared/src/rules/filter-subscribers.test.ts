import { describe, expect, it } from 'vitest';
import {
  activeSubscriberCount,
  filterSubscribers,
  SubscriberStatusFilterSchema,
  subscriberFiltersActive,
} from './filter-subscribers.ts';

const subs = [
  { id: 1, email: 'ada@example.com', name: 'Ada', interests: ['math'], active: true },
  { id: 2, email: 'bob@test.io', name: null, interests: ['Productivity'], active: false },
  { id: 3, email: 'cy@example.com', name: 'Cyrus', interests: [], active: true },
];
const ids = (list: { id: number }[]) => list.map((s) => s.id);

describe('filterSubscribers', () => {
  it('filters by status', () => {
    expect(ids(filterSubscribers(subs, { status: 'all' }))).toEqual([1, 2, 3]);
    expect(ids(filterSubscribers(subs, { status: 'active' }))).toEqual([1, 3]);
    expect(ids(filterSubscribers(subs, { status: 'inactive' }))).toEqual([2]);
  });

  it('searches e-mail, name and interests case-insensitively', () => {
    expect(ids(filterSubscribers(subs, { search: 'EXAMPLE' }))).toEqual([1, 3]);
    expect(ids(filterSubscribers(subs, { search: 'cyr' }))).toEqual([3]);
    expect(ids(filterSubscribers(subs, { search: 'productiv' }))).toEqual([2]);
    expect(ids(filterSubscribers(subs, { search: 'example', status: 'inactive' }))).toEqual([]);
  });
});

describe('subscriberFiltersActive', () => {
  it('is true for a search or a status other than all', () => {
    expect(subscriberFiltersActive({})).toBe(false);
    expect(subscriberFiltersActive({ search: ' ', status: 'all' })).toBe(false);
    expect(subscriberFiltersActive({ search: 'a' })).toBe(true);
    expect(subscriberFiltersActive({ status: 'inactive' })).toBe(true);
  });
});

describe('activeSubscriberCount', () => {
  it('counts active subscribers', () => {
    expect(activeSubscriberCount(subs)).toBe(2);
    expect(activeSubscriberCount([])).toBe(0);
  });
});

describe('SubscriberStatusFilterSchema', () => {
  it('falls back to all', () => {
    expect(SubscriberStatusFilterSchema.parse('inactive')).toBe('inactive');
    expect(SubscriberStatusFilterSchema.parse('x')).toBe('all');
  });
});
