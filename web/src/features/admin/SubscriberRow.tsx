// One subscriber in the table: a fixed-height row (the virtualiser relies on it) with the active switch and
// the unsubscribe icon. Memoised: a keystroke re-renders only rows whose subscriber changed.
import { Badge, IconButton, Switch, Table } from '@chakra-ui/react';
import { formatCardDate, type Subscriber } from '@private-notes/shared';
import { memo } from 'react';
import { UserMinusIcon } from './admin-icons.tsx';

export const SUBSCRIBER_ROW_HEIGHT = 52;

interface Props {
  subscriber: Subscriber;
  /** 1-based position among all rows of the table (the header row is 1), for aria-rowindex. */
  rowIndex: number;
  onSetActive(subscriber: Subscriber, active: boolean): void;
  onUnsubscribe(subscriber: Subscriber): void;
}

const ellipsis = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export const SubscriberRow = memo(function SubscriberRow({
  subscriber,
  rowIndex,
  onSetActive,
  onUnsubscribe,
}: Props) {
  const interests = subscriber.interests.join(', ');
  return (
    <Table.Row aria-rowindex={rowIndex} height={`${SUBSCRIBER_ROW_HEIGHT}px`} data-testid="subscriber-row">
      <Table.Cell css={ellipsis} title={subscriber.email} fontWeight="medium">
        {subscriber.email}
      </Table.Cell>
      <Table.Cell css={ellipsis} title={subscriber.name ?? undefined}>
        {subscriber.name || '—'}
      </Table.Cell>
      <Table.Cell css={ellipsis} title={interests || undefined} color={interests ? undefined : 'fg.muted'}>
        {interests || '—'}
      </Table.Cell>
      <Table.Cell css={ellipsis}>{formatCardDate(subscriber.subscribedAt)}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={subscriber.active ? 'green' : 'gray'} variant="subtle">
          {subscriber.active ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Switch.Root
          size="sm"
          colorPalette="green"
          display="inline-flex"
          verticalAlign="middle"
          checked={subscriber.active}
          onCheckedChange={(details) => onSetActive(subscriber, details.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label srOnly>Active: {subscriber.email}</Switch.Label>
        </Switch.Root>
        <IconButton
          aria-label={`Unsubscribe ${subscriber.email}`}
          variant="ghost"
          size="sm"
          ml="2"
          colorPalette="red"
          disabled={!subscriber.active}
          onClick={() => onUnsubscribe(subscriber)}
        >
          <UserMinusIcon />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
});
