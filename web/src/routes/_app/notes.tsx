// /notes: the notes screen; without a session the sign-in screen shows here with return path /notes.
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { pageHead } from '../../config/page-head.ts';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { validateNotesSearch } from '../../features/notes/notes-search.ts';
import { NotesWithHelpers } from '../../features/study/NotesWithHelpers.tsx';
import { Loading } from '../../ui/Loading.tsx';

// Only a visitor without a session sees the sign-in screen here: the owner's first visit does not load it.
const SignInScreen = lazy(() =>
  import('../../features/auth/SignInScreen.tsx').then((m) => ({ default: m.SignInScreen })),
);

export const Route = createFileRoute('/_app/notes')({
  validateSearch: validateNotesSearch,
  head: () => pageHead('My Notes'),
  component: NotesRoute,
});

function NotesRoute() {
  const { user, isLoading } = useCurrentUser();
  const { view } = Route.useSearch();
  if (isLoading) return <Loading />;
  if (!user)
    return (
      <Suspense fallback={<Loading />}>
        <SignInScreen redirect="/notes" />
      </Suspense>
    );
  return <NotesWithHelpers viewNoteId={view} />;
}
