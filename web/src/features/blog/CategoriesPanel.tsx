// The 'All Categories' panel of the blog home: 'All Posts (count)' and every tag with its count.
import type { TagCount } from '@private-notes/shared';
import styles from './Blog.module.css';

export function CategoriesPanel({
  total,
  tags,
  selected,
  onSelect,
}: {
  total: number;
  tags: readonly TagCount[];
  selected: string | undefined;
  onSelect: (tag: string | undefined) => void;
}) {
  return (
    <aside className={styles.panel} aria-labelledby="categories-title">
      <h2 id="categories-title" className={styles.panelTitle}>
        All Categories
      </h2>
      <ul className={styles.panelList}>
        <li>
          <button
            type="button"
            className={styles.panelItem}
            aria-pressed={!selected}
            onClick={() => onSelect(undefined)}
          >
            <span>All Posts ({total})</span>
          </button>
        </li>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <button
              type="button"
              className={styles.panelItem}
              aria-pressed={selected === tag}
              onClick={() => onSelect(tag)}
            >
              <span>{tag}</span> <span className={styles.count}>{count}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
