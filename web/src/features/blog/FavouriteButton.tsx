// The star on a post card: marks the post as a favourite in this browser (DECISIONS: favourites persist).

import styles from './Blog.module.css';
import { StarIcon } from './blog-icons.tsx';
import { favouritePosts } from './saved-posts.ts';

export function FavouriteButton({ postId, title }: { postId: number; title: string }) {
  const favourite = favouritePosts.useIds().has(postId);
  return (
    <button
      type="button"
      className={styles.favourite}
      aria-pressed={favourite}
      aria-label={favourite ? `Remove ${title} from favourites` : `Add ${title} to favourites`}
      title={favourite ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => favouritePosts.toggle(postId)}
    >
      <StarIcon />
    </button>
  );
}
