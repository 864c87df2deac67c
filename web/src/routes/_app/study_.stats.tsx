// /study/stats: study statistics in total, or for one note with ?note={local id} (linked from the note's
// study mode). Read from the browser's database, so it works offline; without a session the sign-in screen
// shows here with return path /study/stats.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { SignInScreen } from '../../features/auth/SignInScreen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { StudyStatistics } from '../../features/study/StudyStatistics.tsx';
import { Loading } from '../../ui/Loading.tsx';

export const Route = createFileRoute('/_app/study_/stats')({
  validateSearch: (search: Record<string, unknown>): { note?: string | undefined } => ({
    note: typeof search.note === 'string' && search.note.length > 0 ? search.note : undefined,
  }),
  head: () => pageHead('Statistics'),
  component: StudyStatsRoute,
});

function StudyStatsRoute() {
  const { user, isLoading } = useCurrentUser();
  const { note } = Route.useSearch();
  if (isLoading) return <Loading />;
  if (!user) return <SignInScreen redirect="/study/stats" />;
  return <StudyStatistics noteId={note} />;
}
