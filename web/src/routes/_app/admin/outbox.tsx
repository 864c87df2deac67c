// /admin/outbox: the owner's Outbox (sent, failed and captured e-mail); ?message={id} picks the preview.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { pageHead } from '../../../config/page-head.ts';
import { MAIL_STATUS_KEY, OUTBOX_KEY } from '../../../features/admin/mail/mail-keys.ts';
import { OutboxScreen } from '../../../features/admin/mail/OutboxScreen.tsx';
import { requireUser } from '../../../features/auth/require-user.ts';
import { optionalText } from '../../../lib/search-params.ts';

export const Route = createFileRoute('/_app/admin/outbox')({
  validateSearch: (search: Record<string, unknown>): { message?: string | undefined } => ({
    message: optionalText(search.message, 200),
  }),
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  // Cached answers never go stale on their own: arriving here always shows the Outbox as it is now.
  loader: ({ context }) => {
    void context.queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    void context.queryClient.invalidateQueries({ queryKey: MAIL_STATUS_KEY });
  },
  head: () => pageHead('Outbox'),
  component: OutboxRoute,
});

function OutboxRoute() {
  const { message } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSelect = useCallback((id: string) => void navigate({ search: { message: id } }), [navigate]);
  return <OutboxScreen selectedId={message} onSelect={onSelect} />;
}
