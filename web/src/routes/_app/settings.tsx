// /settings: the owner's settings; anonymous visitors are redirected to /auth.
import { createFileRoute } from '@tanstack/react-router';
import { settingsQuery } from '../../api/queries.ts';
import { pageHead } from '../../config/page-head.ts';
import { requireUser } from '../../features/auth/require-user.ts';
import { SettingsScreen } from '../../features/settings/SettingsScreen.tsx';

export const Route = createFileRoute('/_app/settings')({
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  loader: ({ context }) => context.queryClient.prefetchQuery(settingsQuery()),
  head: () => pageHead('Settings'),
  component: SettingsScreen,
});
