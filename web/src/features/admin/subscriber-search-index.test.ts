// The index must give exactly what the shared filterSubscribers gives, for every search and status.
import { filterSubscribers, SUBSCRIBER_STATUS_FILTERS, type Subscriber } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { buildSubscriberSearchIndex, searchSubscribers } from './subscriber-search-index.ts';

const subscribers: Subscriber[] = [
  {
    id: 1,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    interests: ['Math', 'Engines'],
    active: true,
    status: 'active',
    subscribedAt: '2025-01-02T10:00:00.000Z',
  },
  {
    id: 2,
    email: 'grace@navy.mil',
    name: null,
    interests: [],
    active: false,
    status: 'unsubscribed',
    subscribedAt: '2025-02-02T10:00:00.000Z',
  },
  {
    id: 3,
    email: 'linus@kernel.org',
    name: 'Linus',
    interests: ['Kernels, drivers'],
    active: true,
    status: 'active',
    subscribedAt: '2025-03-02T10:00:00.000Z',
  },
  {
    id: 4,
    email: 'MIXED@Case.com',
    interests: ['Productivity'],
    active: false,
    status: 'pending',
    subscribedAt: '2025-04-02T10:00:00.000Z',
  },
];

describe('searchSubscribers', () => {
  const index = buildSubscriberSearchIndex(subscribers);
  const searches = [
    '',
    '  ',
    'ada',
    'LOVE',
    'example',
    'kernel',
    'drivers',
    'mixed@case',
    'prod',
    'zzz',
    'a',
    'com',
  ];
  for (const status of SUBSCRIBER_STATUS_FILTERS) {
    for (const search of searches) {
      it(`matches filterSubscribers for "${search}" / ${status}`, () => {
        expect(searchSubscribers(index, { search, status }).map((s) => s.id)).toEqual(
          filterSubscribers(subscribers, { search, status }).map((s) => s.id),
        );
      });
    }
  }

  it('does not match text spanning two fields', () => {
    // 'lovelace' ends the name and 'math' starts the interests: 'lovelacemath' is in no single field.
    expect(searchSubscribers(index, { search: 'lovelacemath', status: 'all' })).toEqual([]);
    expect(searchSubscribers(index, { search: 'lovelace math', status: 'all' })).toEqual([]);
  });
});
