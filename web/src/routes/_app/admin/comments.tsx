// /admin/comments: the moderation queue (every comment waiting, across posts); the alert mail links here.
import { createFileRoute } from '@tanstack/react-router';
import { PENDING_COMMENTS_KEY, pendingCommentsQuery } from '../../../api/queries.ts';
import { pageHead } from '../../../config/page-head.ts';
import { CommentsQueueScreen } from '../../../features/admin/CommentsQueueScreen.tsx';
import { requireUser } from '../../../features/auth/require-user.ts';

export const Route = createFileRoute('/_app/admin/comments')({
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  // Cached answers never go stale on their own: arriving here always shows the queue as it is now.
  loader: ({ context }) => {
    void context.queryClient.invalidateQueries({ queryKey: PENDING_COMMENTS_KEY });
    void context.queryClient.prefetchQuery(pendingCommentsQuery());
  },
  head: () => pageHead('Comments'),
  component: CommentsQueueScreen,
});
