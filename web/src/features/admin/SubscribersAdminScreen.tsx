// Subscriber administration (/admin/subscribers): header, search, status filter, CSV export, counts, the
// virtualised table with its active switches and the unsubscribe confirmation, skeleton and empty states.
// Search runs over a prebuilt lowercase index and renders through useDeferredValue, so typing stays
// responsive with 10,000 subscribers.
import { Badge, Box, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import {
  activeSubscriberCount,
  type Subscriber,
  type SubscriberStatusFilter,
  subscriberFiltersActive,
  subscribersCsv,
  subscribersCsvFileName,
} from '@private-notes/shared';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { subscribersQuery } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { ServerDataError } from '../../ui/private/ServerDataError.tsx';
import { toast } from '../../ui/toast-store.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { AdminHeader, AdminScreenLink } from './AdminHeader.tsx';
import { downloadTextFile } from './download-text-file.ts';
import { MailBanner } from './mail/MailBanner.tsx';
import { SubscribersEmptyState } from './SubscribersEmptyState.tsx';
import { SubscribersSkeleton } from './SubscribersSkeleton.tsx';
import { SubscribersTable } from './SubscribersTable.tsx';
import { SubscribersToolbar } from './SubscribersToolbar.tsx';
import { buildSubscriberSearchIndex, searchSubscribers } from './subscriber-search-index.ts';
import { UnsubscribeDialog } from './UnsubscribeDialog.tsx';
import { useSetSubscriberActive } from './use-set-subscriber-active.ts';

const count = new Intl.NumberFormat('en-US');
const NO_SUBSCRIBERS: Subscriber[] = [];

export function SubscribersAdminScreen() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const query = useQuery({ ...subscribersQuery(), enabled: Boolean(user) });
  const subscribers = query.data ?? NO_SUBSCRIBERS;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatusFilter>('all');
  const [unsubscribeTarget, setUnsubscribeTarget] = useState<Subscriber | null>(null);

  const index = useMemo(() => buildSubscriberSearchIndex(subscribers), [subscribers]);
  // The input shows every keystroke at once; the table follows at the next idle moment.
  const deferredSearch = useDeferredValue(search);
  const rows = useMemo(
    () => searchSubscribers(index, { search: deferredSearch, status }),
    [index, deferredSearch, status],
  );
  const activeCount = useMemo(() => activeSubscriberCount(subscribers), [subscribers]);
  const filtersActive = subscriberFiltersActive({ search, status });

  const setActive = useSetSubscriberActive((updated, active) => {
    if (!active) {
      toast({
        title: 'Subscriber unsubscribed',
        description: `${updated.email} will no longer receive the newsletter.`,
      });
    }
  });
  const { mutate } = setActive;
  const onSetActive = useCallback(
    (subscriber: Subscriber, active: boolean) => mutate({ subscriber, active }),
    [mutate],
  );
  const onUnsubscribe = useCallback((subscriber: Subscriber) => setUnsubscribeTarget(subscriber), []);

  const clearFilters = () => {
    setSearch('');
    setStatus('all');
  };
  const exportCsv = () => {
    downloadTextFile(
      `\uFEFF${subscribersCsv(rows)}`,
      subscribersCsvFileName(new Date()),
      'text/csv;charset=utf-8',
    );
  };

  if (userLoading) {
    return (
      <Flex justify="center" py="20">
        <Spinner size="lg" aria-label="Loading" />
      </Flex>
    );
  }

  return (
    <OwnerPage
      data-testid="subscribers-admin"
      // The search the table currently shows (it trails the input while a deferred render is pending).
      data-table-search={deferredSearch}
    >
      <AdminHeader title="Newsletter Subscribers" subtitle="Manage subscribers and engagement metrics">
        <AdminScreenLink to="/admin/outbox" />
      </AdminHeader>

      <MailBanner />

      <SubscribersToolbar
        search={search}
        status={status}
        canExport={Boolean(query.data)}
        onSearchChange={setSearch}
        onStatusChange={setStatus}
        onExport={exportCsv}
      />

      <HStack justify="space-between" mb="2" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="subscriber-count" aria-live="polite">
          {query.data
            ? `Showing ${count.format(rows.length)} of ${count.format(subscribers.length)} subscribers`
            : ''}
        </Text>
        {query.data ? (
          <Badge colorPalette="green" variant="subtle" data-testid="active-count">
            {count.format(activeCount)} active
          </Badge>
        ) : null}
      </HStack>

      <Box borderWidth="1px" borderRadius="lg" overflow="hidden" bg="bg">
        {query.isPending ? (
          <SubscribersSkeleton />
        ) : query.isError ? (
          <Box p="6">
            <ServerDataError
              error={query.error}
              what="Your newsletter's subscribers"
              queryKey={subscribersQuery().queryKey}
            />
          </Box>
        ) : rows.length === 0 ? (
          <SubscribersEmptyState filtered={filtersActive} onClear={clearFilters} />
        ) : (
          <SubscribersTable rows={rows} onSetActive={onSetActive} onUnsubscribe={onUnsubscribe} />
        )}
      </Box>

      <UnsubscribeDialog
        subscriber={unsubscribeTarget}
        onCancel={() => setUnsubscribeTarget(null)}
        onConfirm={(subscriber) => {
          setUnsubscribeTarget(null);
          mutate({ subscriber, active: false });
        }}
      />
    </OwnerPage>
  );
}
