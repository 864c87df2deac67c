// Cache entries of the owner's e-mail screens: the transport status (read by the banner on every admin
// screen, so one answer serves them all), the Outbox list and one message's parsed parts.
import { mailApi } from '../../../api/mail-api.ts';
import { queryOptions } from '../../../api/page-cache.ts';
import { MAIL_STATUS_KEY, OUTBOX_KEY } from './mail-keys.ts';

export { MAIL_STATUS_KEY, OUTBOX_KEY };

export const mailStatusQuery = () =>
  queryOptions({ queryKey: MAIL_STATUS_KEY, queryFn: ({ signal }) => mailApi.status(signal) });

export const outboxQuery = () =>
  queryOptions({ queryKey: OUTBOX_KEY, queryFn: ({ signal }) => mailApi.outbox(signal) });

export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: [...OUTBOX_KEY, id] as const,
    queryFn: ({ signal }) => mailApi.outboxMessage(id, signal),
  });
