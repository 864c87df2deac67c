// /trash: deleted notes (30 days), restorable with their history; works offline for what the device knows.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { SignInScreen } from '../../features/auth/SignInScreen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { TrashScreen } from '../../features/trash/TrashScreen.tsx';
import { Loading } from '../../ui/Loading.tsx';

export const Route = createFileRoute('/_app/trash')({
  head: () => pageHead('Trash'),
  component: TrashRoute,
});

function TrashRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading />;
  if (!user) return <SignInScreen redirect="/trash" />;
  return <TrashScreen />;
}
