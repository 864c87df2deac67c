// Previous and Next post cards, from the order of the posts list (SPEC section 2).
import { ArrowLeftIcon, ArrowRightIcon } from './blog-icons.tsx';
import styles from './Post.module.css';
import { PostLink } from './PostLink.tsx';
import type { PostSummary } from './post-summaries.ts';

export function AdjacentPosts({
  previous,
  next,
}: {
  previous: PostSummary | null;
  next: PostSummary | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav className={styles.adjacent} aria-label="More posts">
      {previous && (
        <PostLink post={previous} className={styles.adjacentCard}>
          <span className={styles.adjacentLabel}>
            <ArrowLeftIcon width={14} height={14} />
            Previous
          </span>
          <span className={styles.adjacentTitle}>{previous.title}</span>
        </PostLink>
      )}
      {next && (
        <PostLink post={next} className={`${styles.adjacentCard} ${styles.adjacentNext}`}>
          <span className={styles.adjacentLabel}>
            Next
            <ArrowRightIcon width={14} height={14} />
          </span>
          <span className={styles.adjacentTitle}>{next.title}</span>
        </PostLink>
      )}
    </nav>
  );
}
