// All tags (/blog/tags), SPEC section 2: 'Search tags...', sorts Most Popular / Alphabetical (under letter
// headings) / Recently Active, '{n} post(s)' tiles, 'No tags found' with Clear Search, 16 tile skeletons.
// An island on the public pages (its links are plain links: an island has no router).
import {
  filterTags,
  groupTagsByLetter,
  postCountLabel,
  sortTags,
  TAG_SORT_LABELS,
  TAG_SORTS,
  type TagCount,
  type TagSort,
  tagCounts,
} from '@private-notes/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';
import styles from './Blog.module.css';
import { SearchIcon } from './blog-icons.tsx';
import { postSummariesQuery } from './post-summaries.ts';
import { tagPath } from './tag-path.ts';

function TagTiles({ tags }: { tags: readonly TagCount[] }) {
  return (
    <ul className={styles.tagGrid}>
      {tags.map((t) => (
        <li key={t.tag}>
          <a href={tagPath(t.tag)} className={styles.tagTile} data-testid="tag-tile">
            <span className={styles.tagName}>{t.tag}</span>
            <span className={styles.count}>{postCountLabel(t.count)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function BlogTagsScreen() {
  const posts = useQuery(postSummariesQuery(useDataClient()));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TagSort>('frequency');
  const all = useMemo(() => tagCounts(posts.data ?? []), [posts.data]);
  const shown = useMemo(() => sortTags(filterTags(all, search), sort), [all, search, sort]);

  let body: ReactNode;
  if (posts.isPending) {
    body = (
      <div className={styles.tagGrid} aria-busy="true">
        <span className="pn-visually-hidden" role="status">
          Loading tags...
        </span>
        {Array.from({ length: 16 }, (_, i) => (
          <div key={i} className={styles.tagTile} data-testid="tag-skeleton">
            <div className={styles.bone} style={{ width: '60%' }} />
            <div className={styles.bone} style={{ width: '35%' }} />
          </div>
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className={styles.empty}>
        <h2>No tags found</h2>
        {search && (
          <button type="button" className="pn-button pn-button-primary" onClick={() => setSearch('')}>
            Clear Search
          </button>
        )}
      </div>
    );
  } else if (sort === 'alphabetical') {
    body = groupTagsByLetter(shown).map((group) => (
      <section key={group.letter} aria-labelledby={`letter-${group.letter}`}>
        <h2 id={`letter-${group.letter}`} className={styles.letter}>
          {group.letter}
        </h2>
        <TagTiles tags={group.tags} />
      </section>
    ));
  } else {
    body = <TagTiles tags={shown} />;
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>All Tags</h1>
        <p className={styles.subtitle}>Browse every topic on the blog.</p>
      </header>
      <search className={styles.controls}>
        <div className={styles.searchBox}>
          <SearchIcon />
          <label htmlFor="tag-search" className="pn-visually-hidden">
            Search tags
          </label>
          <input
            id="tag-search"
            type="search"
            className={`pn-input ${styles.searchInput}`}
            placeholder="Search tags..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className={styles.sortBox}>
          <label htmlFor="tag-sort">Sort</label>
          <select
            id="tag-sort"
            className={styles.select}
            value={sort}
            onChange={(e) => setSort(e.target.value as TagSort)}
          >
            {TAG_SORTS.map((s) => (
              <option key={s} value={s}>
                {TAG_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </search>
      {body}
    </div>
  );
}
