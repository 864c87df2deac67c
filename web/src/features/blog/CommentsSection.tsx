// The comments section of a post (anchor #comments): the form, approved comments for everyone, and for
// the signed-in owner the moderation view, whose code loads only for the owner, in the browser.

import { ClientOnly } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { commentsQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentList } from './CommentList.tsx';
import styles from './Comments.module.css';

const OwnerComments = lazy(() => import('./OwnerComments.tsx'));

export function CommentsSection({ postId }: { postId: number }) {
  const { user } = useCurrentUser();
  const comments = useQuery(commentsQuery(useDataClient(), postId));
  const all = comments.data ?? [];
  const approved = all.filter((c) => c.isApproved);
  const publicList = <CommentList comments={approved} />;

  return (
    <section id="comments" className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        Comments ({approved.length})
      </h2>
      <CommentForm postId={postId} signedIn={!!user} />
      {comments.isError ? (
        <p role="alert" className={styles.empty}>
          Failed to fetch comments
        </p>
      ) : user ? (
        <ClientOnly fallback={publicList}>
          <Suspense fallback={publicList}>
            <OwnerComments comments={all} />
          </Suspense>
        </ClientOnly>
      ) : (
        publicList
      )}
    </section>
  );
}
