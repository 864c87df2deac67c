// The approved comments a visitor sees.
import type { Comment } from '@private-notes/shared';
import { CommentItem } from './CommentItem.tsx';
import styles from './Comments.module.css';

export function CommentList({ comments }: { comments: readonly Comment[] }) {
  if (comments.length === 0) {
    return <p className={styles.empty}>No comments yet. Be the first to share your thoughts.</p>;
  }
  return (
    <ul className={styles.list} aria-label="Comments">
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} />
      ))}
    </ul>
  );
}
