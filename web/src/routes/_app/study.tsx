// /study: the review session across notes (its own lazy chunk, so the notes screen's first load stays small);
// without a session the sign-in screen shows here with return path /study.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../config/page-head.ts';
import { SignInScreen } from '../../features/auth/SignInScreen.tsx';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { ReviewSession } from '../../features/study/ReviewSession.tsx';
import { Loading } from '../../ui/Loading.tsx';

export const Route = createFileRoute('/_app/study')({
  head: () => pageHead('Study due cards'),
  component: StudyRoute,
});

function StudyRoute() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading />;
  if (!user) return <SignInScreen redirect="/study" />;
  return <ReviewSession />;
}
