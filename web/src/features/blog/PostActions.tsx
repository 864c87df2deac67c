// Like / Comment / Share / Save under a post. Like only thanks the reader (SPEC section 4).
import { toast } from '../../ui/toast-store.ts';
import { BookmarkButton } from './BookmarkButton.tsx';
import { CommentIcon, HeartIcon } from './blog-icons.tsx';
import styles from './Post.module.css';
import { SharePopover } from './SharePopover.tsx';

export function likeToast(): void {
  toast({ title: 'Thanks for the like!', description: 'We appreciate your feedback.', duration: 3000 });
}

export function PostActions({ postId, url, title }: { postId: number; url: string; title: string }) {
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.iconButton} onClick={likeToast}>
        <HeartIcon />
        Like
      </button>
      <a href="#comments" className={styles.iconButton}>
        <CommentIcon />
        Comment
      </a>
      <SharePopover url={url} title={title} label />
      <BookmarkButton postId={postId} label="Save" />
    </div>
  );
}
