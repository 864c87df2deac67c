// A card's tags: at most two, linking to their tag pages, then '+N more' (SPEC section 9).
import { BLOG_CARD_TAGS, visibleTags } from '@private-notes/shared';
import styles from './Blog.module.css';
import { tagPath } from './tag-path.ts';

export function PostTagList({ tags }: { tags: readonly string[] }) {
  const { shown, rest } = visibleTags(tags, BLOG_CARD_TAGS);
  if (shown.length === 0) return null;
  return (
    <div className={styles.tags}>
      {shown.map((tag) => (
        <a key={tag} href={tagPath(tag)} className={styles.tag}>
          {tag}
        </a>
      ))}
      {rest > 0 && <span className={styles.more}>+{rest} more</span>}
    </div>
  );
}
