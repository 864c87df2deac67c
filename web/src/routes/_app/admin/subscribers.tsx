// /admin/subscribers: subscriber administration; without a user the page redirects to /auth.
import { createFileRoute } from '@tanstack/react-router';
import { subscribersQuery } from '../../../api/queries.ts';
import { pageHead } from '../../../config/page-head.ts';
import { SubscribersAdminScreen } from '../../../features/admin/SubscribersAdminScreen.tsx';
import { requireUser } from '../../../features/auth/require-user.ts';

export const Route = createFileRoute('/_app/admin/subscribers')({
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  // Not awaited: the screen shows its 5 skeleton rows while the list loads.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(subscribersQuery());
  },
  head: () => pageHead('Newsletter Subscribers'),
  component: SubscribersAdminScreen,
});
