// One subscriber in the table: a fixed-height row (the virtualiser relies on it) with the active switch and
// the unsubscribe icon. Plain elements styled once by the table (subscribers-table-css.ts): a keystroke
// remounts every visible row, and styled components per cell made that the slowest part of a search.
import { formatCardDate, type Subscriber, type SubscriberStatus } from '@private-notes/shared';
import { memo } from 'react';
import { UserMinusIcon } from './admin-icons.tsx';

export const SUBSCRIBER_ROW_HEIGHT = 52;

/** The badge of each state (double opt-in): only 'Active' receives the newsletter. */
export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

/** Why the switch cannot turn an address on: only the subscriber's own confirmation can (double opt-in). */
const NO_CONSENT: Partial<Record<SubscriberStatus, string>> = {
  pending: 'Waiting for the subscriber to confirm from the e-mail',
  bounced: 'Mail to this address bounced',
};

interface Props {
  subscriber: Subscriber;
  /** 1-based position among all rows of the table (the header row is 1), for aria-rowindex. */
  rowIndex: number;
  onSetActive(subscriber: Subscriber, active: boolean): void;
  onUnsubscribe(subscriber: Subscriber): void;
}

export const SubscriberRow = memo(function SubscriberRow({
  subscriber,
  rowIndex,
  onSetActive,
  onUnsubscribe,
}: Props) {
  const interests = subscriber.interests.join(', ');
  const { status } = subscriber;
  const noConsent = NO_CONSENT[status];
  return (
    <tr aria-rowindex={rowIndex} data-testid="subscriber-row">
      <td title={subscriber.email} data-strong="">
        {subscriber.email}
      </td>
      <td title={subscriber.name ?? undefined} data-muted={subscriber.name ? undefined : ''}>
        {subscriber.name || '—'}
      </td>
      <td title={interests || undefined} data-muted={interests ? undefined : ''}>
        {interests || '—'}
      </td>
      <td>{formatCardDate(subscriber.subscribedAt)}</td>
      <td>
        <span className="pn-status" data-status={status}>
          {SUBSCRIBER_STATUS_LABELS[status]}
        </span>
      </td>
      <td>
        <input
          type="checkbox"
          role="switch"
          aria-checked={subscriber.active}
          className="pn-switch"
          aria-label={`Active: ${subscriber.email}`}
          checked={subscriber.active}
          disabled={noConsent !== undefined}
          title={noConsent}
          onChange={(event) => onSetActive(subscriber, event.target.checked)}
        />
        <button
          type="button"
          className="pn-row-action"
          aria-label={`Unsubscribe ${subscriber.email}`}
          title="Unsubscribe"
          disabled={!subscriber.active}
          onClick={() => onUnsubscribe(subscriber)}
        >
          <UserMinusIcon />
        </button>
      </td>
    </tr>
  );
});
