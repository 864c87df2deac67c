// Bookmark toggle of the post page, kept in this browser, with the spec's toasts (3 s).

import { toast } from '../../ui/toast-store.ts';
import { BookmarkIcon } from './blog-icons.tsx';
import styles from './Post.module.css';
import { bookmarkedPosts } from './saved-posts.ts';

export function BookmarkButton({ postId, label }: { postId: number; label?: string }) {
  const bookmarked = bookmarkedPosts.useIds().has(postId);
  const toggle = () => {
    const added = bookmarkedPosts.toggle(postId);
    toast({ title: added ? 'Post bookmarked' : 'Bookmark removed', duration: 3000 });
  };
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={bookmarked}
      data-bookmark={postId}
      aria-label={label ? undefined : 'Bookmark'}
      onClick={toggle}
    >
      <BookmarkIcon />
      {label}
    </button>
  );
}
