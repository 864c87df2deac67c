// The subscribers table, virtualised so 10,000 rows cost what 20 do: a real <table> whose body holds only
// the rows in view between two spacer rows, so it keeps table semantics (aria-rowcount/rowindex tell
// assistive technology where each row sits in the whole list) and column alignment.
import { Table } from '@chakra-ui/react';
import type { Subscriber } from '@private-notes/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { SUBSCRIBER_ROW_HEIGHT, SubscriberRow } from './SubscriberRow.tsx';
import { subscribersTableCss } from './subscribers-table-css.ts';

export const SUBSCRIBER_COLUMNS = [
  { label: 'Email', width: '26%' },
  { label: 'Name', width: '15%' },
  { label: 'Interests', width: '20%' },
  { label: 'Subscribed On', width: '13%' },
  { label: 'Status', width: '11%' },
  { label: 'Actions', width: '15%' },
] as const;

interface Props {
  rows: readonly Subscriber[];
  onSetActive(subscriber: Subscriber, active: boolean): void;
  onUnsubscribe(subscriber: Subscriber): void;
}

export function SubscribersTableFrame({
  children,
  rowCount,
}: {
  children: React.ReactNode;
  rowCount?: number;
}) {
  return (
    <Table.Root size="sm" aria-rowcount={rowCount} css={subscribersTableCss} minW="760px">
      <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
        <Table.Row aria-rowindex={1}>
          {SUBSCRIBER_COLUMNS.map((column) => (
            <Table.ColumnHeader key={column.label} width={column.width}>
              {column.label}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      {children}
    </Table.Root>
  );
}

export function SubscribersTable({ rows, onSetActive, onUnsubscribe }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SUBSCRIBER_ROW_HEIGHT,
    getItemKey: (index) => (rows[index] as Subscriber).id,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  return (
    <div ref={scrollRef} data-testid="subscribers-scroll" style={{ maxHeight: '65vh', overflow: 'auto' }}>
      <SubscribersTableFrame rowCount={rows.length + 1}>
        <Table.Body>
          {paddingTop > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable; hidden so it is not counted as a row
            <tr aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={SUBSCRIBER_COLUMNS.length} />
            </tr>
          ) : null}
          {items.map((item) => {
            const subscriber = rows[item.index] as Subscriber;
            return (
              <SubscriberRow
                key={subscriber.id}
                subscriber={subscriber}
                rowIndex={item.index + 2}
                onSetActive={onSetActive}
                onUnsubscribe={onUnsubscribe}
              />
            );
          })}
          {paddingBottom > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable; hidden so it is not counted as a row
            <tr aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={SUBSCRIBER_COLUMNS.length} />
            </tr>
          ) : null}
        </Table.Body>
      </SubscribersTableFrame>
    </div>
  );
}
