// /import-export: export and import of notes (and the server backup); works offline like the notes screen.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { SignInScreen } from '../../features/auth/SignInScreen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { InterchangeScreen } from '../../features/interchange/InterchangeScreen.tsx';
import { Loading } from '../../ui/Loading.tsx';

export const Route = createFileRoute('/_app/import-export')({
  head: () => pageHead('Import & Export'),
  component: ImportExportRoute,
});

function ImportExportRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading />;
  if (!user) return <SignInScreen redirect="/import-export" />;
  return <InterchangeScreen />;
}
