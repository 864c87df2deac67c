// One comment: author, date, plain text (never HTML), Like and Report; the owner adds e-mail and buttons.
import { type Comment, formatCardDate } from '@private-notes/shared';
import { type ReactNode, useState } from 'react';
import { api } from '../../api/api.ts';
import { toast } from '../../ui/toast-store.ts';
import { FlagIcon, HeartIcon } from './blog-icons.tsx';
import styles from './Comments.module.css';
import { likeToast } from './PostActions.tsx';

export function CommentItem({ comment, children }: { comment: Comment; children?: ReactNode }) {
  const [reported, setReported] = useState(false);
  const report = async () => {
    try {
      await api.reportComment(comment.id);
      setReported(true);
      toast({
        title: 'Comment reported',
        description: 'Thank you. The owner will review it.',
        duration: 3000,
      });
    } catch {
      toast({
        title: 'Could not report the comment',
        description: 'Please try again later.',
        variant: 'destructive',
      });
    }
  };
  return (
    <li className={styles.comment} data-testid="comment">
      <div className={styles.head}>
        <span className={styles.author}>{comment.author}</span>
        {comment.email && <span className={styles.muted}>{comment.email}</span>}
        <span className={styles.muted}>{formatCardDate(comment.createdAt)}</span>
        {comment.reported && <span className={styles.flag}>Reported</span>}
      </div>
      <p className={styles.body}>{comment.content}</p>
      <div className={styles.buttons}>
        <button type="button" className={styles.small} onClick={likeToast}>
          <HeartIcon width={16} height={16} />
          Like
        </button>
        <button type="button" className={styles.small} onClick={report} disabled={reported}>
          <FlagIcon width={16} height={16} />
          {reported ? 'Reported' : 'Report'}
        </button>
        {children}
      </div>
    </li>
  );
}
