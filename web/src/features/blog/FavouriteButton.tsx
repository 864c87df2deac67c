// The star on a post card: marks the post as a favourite in this browser (DECISIONS: favourites persist).

import styles from './Blog.module.css';
import { StarIcon } from './blog-icons.tsx';
import { favouriteLabel, favouriteTitle } from './favourite-labels.ts';
import { favouritePosts } from './saved-posts.ts';

export function FavouriteButton({ postId, title }: { postId: number; title: string }) {
  const favourite = favouritePosts.useIds().has(postId);
  return (
    <button
      type="button"
      className={styles.favourite}
      aria-pressed={favourite}
      aria-label={favouriteLabel(favourite, title)}
      title={favouriteTitle(favourite)}
      // For the public pages' script that shows a saved star before the island wakes.
      data-favourite={postId}
      data-title={title}
      onClick={() => favouritePosts.toggle(postId)}
    >
      <StarIcon />
    </button>
  );
}
