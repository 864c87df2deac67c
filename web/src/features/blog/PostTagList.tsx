// A card's tags: at most two, linking to their tag pages, then '+N more' (SPEC section 9).
import { BLOG_CARD_TAGS, visibleTags } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import styles from './Blog.module.css';

export function PostTagList({ tags }: { tags: readonly string[] }) {
  const { shown, rest } = visibleTags(tags, BLOG_CARD_TAGS);
  if (shown.length === 0) return null;
  return (
    <div className={styles.tags}>
      {shown.map((tag) => (
        <Link key={tag} to="/blog/tags/$tag" params={{ tag }} className={styles.tag}>
          {tag}
        </Link>
      ))}
      {rest > 0 && <span className={styles.more}>+{rest} more</span>}
    </div>
  );
}
