// /notes: the notes screen; without a session the sign-in screen shows here with return path /notes.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { SignInScreen } from '../../features/auth/SignInScreen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { validateNotesSearch } from '../../features/notes/notes-search.ts';
import { NotesWithHelpers } from '../../features/study/NotesWithHelpers.tsx';
import { Loading } from '../../ui/Loading.tsx';

export const Route = createFileRoute('/_app/notes')({
  validateSearch: validateNotesSearch,
  head: () => pageHead('My Notes'),
  component: NotesRoute,
});

function NotesRoute() {
  const { user, isLoading } = useCurrentUser();
  const { view } = Route.useSearch();
  if (isLoading) return <Loading />;
  if (!user) return <SignInScreen redirect="/notes" />;
  return <NotesWithHelpers viewNoteId={view} />;
}
