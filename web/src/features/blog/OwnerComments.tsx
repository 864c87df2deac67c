// The signed-in owner's view of a post's comments: the amber 'Pending Comments' section with e-mails,
// Approve and Delete, and Delete on approved ones. Loaded lazily, only for the owner.
import type { Comment } from '@private-notes/shared';
import { useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { BLOG_KEY } from '../../api/queries.ts';
import { CheckIcon, TrashIcon } from './blog-icons.tsx';
import { CommentItem } from './CommentItem.tsx';
import { CommentList } from './CommentList.tsx';
import styles from './Comments.module.css';

export const DELETE_COMMENT_CONFIRM = 'Are you sure you want to delete this comment?';

export default function OwnerComments({ comments }: { comments: readonly Comment[] }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const pending = comments.filter((c) => !c.isApproved);
  const approved = comments.filter((c) => c.isApproved);

  // SPEC section 8: approve and delete show no error toast; the list simply stays as it was.
  const run = async (id: number, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
    } catch {
      // Nothing to show (SPEC): the comment stays in its section.
    } finally {
      setBusy(null);
      // Comment counts on the blog lists change too.
      await queryClient.invalidateQueries({ queryKey: BLOG_KEY });
    }
  };
  const remove = (id: number) => {
    if (!window.confirm(DELETE_COMMENT_CONFIRM)) return;
    void run(id, () => api.deleteComment(id));
  };
  const deleteButton = (c: Comment) => (
    <button
      type="button"
      className={`${styles.small} ${styles.danger}`}
      disabled={busy === c.id}
      onClick={() => remove(c.id)}
    >
      <TrashIcon width={16} height={16} />
      Delete
    </button>
  );

  return (
    <>
      {pending.length > 0 && (
        <section className={styles.pending} aria-labelledby="pending-title" data-testid="pending-comments">
          <h3 id="pending-title" className={styles.pendingTitle}>
            Pending Comments
          </h3>
          <ul className={styles.list}>
            {pending.map((c) => (
              <CommentItem key={c.id} comment={c}>
                <button
                  type="button"
                  className={`${styles.small} ${styles.approve}`}
                  disabled={busy === c.id}
                  onClick={() => void run(c.id, () => api.approveComment(c.id))}
                >
                  <CheckIcon width={16} height={16} />
                  Approve
                </button>
                {deleteButton(c)}
              </CommentItem>
            ))}
          </ul>
        </section>
      )}
      {approved.length === 0 ? (
        <CommentList comments={[]} />
      ) : (
        <ul className={styles.list} aria-label="Comments">
          {approved.map((c) => (
            <CommentItem key={c.id} comment={c}>
              {deleteButton(c)}
            </CommentItem>
          ))}
        </ul>
      )}
    </>
  );
}
