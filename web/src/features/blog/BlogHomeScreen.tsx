// The public blog home (/blog, and / when signed out), SPEC section 2: search, sort, categories panel, tag
// filter badge, category tabs, featured post, post grid, empty states and the newsletter block. On the
// public pages the whole screen is one island (its search, sort and tabs act together); `search` and `tag`
// are the URL's parameters it was rendered with.
import {
  type CategoryId,
  categoryTabs,
  filterPosts,
  POST_SORT_LABELS,
  POST_SORTS,
  type PostSort,
  postsInCategory,
  resultCountLabel,
  searchResultsHeading,
  sortPosts,
  splitFeatured,
  tagCounts,
} from '@private-notes/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { blogPostsQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';
import { useSite } from '../../api/use-site.ts';
import { Island } from '../../islands/Island.tsx';
import styles from './Blog.module.css';
import { CloseIcon, SearchIcon } from './blog-icons.tsx';
import type { BlogHomeSearch } from './blog-search.ts';
import { CategoriesPanel } from './CategoriesPanel.tsx';
import { CATEGORY_PANEL_ID, CategoryTabs, tabId } from './CategoryTabs.tsx';
import { FeaturedPost } from './FeaturedPost.tsx';
import { NewsletterBlock } from './NewsletterBlock.tsx';
import { PostCard } from './PostCard.tsx';
import { PostCardSkeletons } from './PostCardSkeletons.tsx';
import { postSummariesQuery } from './post-summaries.ts';
import { useBlogHomeSearch } from './use-blog-home-search.ts';

export function BlogHomeScreen({ search, tag: tagParam }: BlogHomeSearch) {
  const data = useDataClient();
  const posts = useQuery(postSummariesQuery(data));
  const { term, tag, setTerm, setTag, clearAll } = useBlogHomeSearch({ search, tag: tagParam });
  const [sort, setSort] = useState<PostSort>('recent');
  const [category, setCategory] = useState<CategoryId>('all');
  const site = useSite();
  const tabs = useMemo(() => categoryTabs(site.categories), [site.categories]);
  // A category the owner has since removed falls back to All Posts.
  const tab = tabs.find((t) => t.id === category) ?? tabs[0]!;
  const searching = term.trim() !== '';
  const filtering = searching || !!tag;
  // The search reads the posts' bodies, which the summaries leave out: fetched on the first search.
  const bodies = useQuery({ ...blogPostsQuery(data), enabled: searching });

  const published = posts.data ?? [];
  const tags = useMemo(() => tagCounts(published), [published]);
  const shown = useMemo(() => {
    let list = published;
    if (searching) {
      const ids = new Set(filterPosts(bodies.data ?? [], { search: term, tag }).map((p) => p.id));
      list = published.filter((p) => ids.has(p.id));
    } else if (tag) {
      // Exact tag match, as filterPosts does.
      list = published.filter((p) => p.tags.includes(tag));
    }
    return sortPosts(list, sort);
  }, [published, bodies.data, searching, term, tag, sort]);
  const { featured, rest } = splitFeatured(shown, filtering);
  const inCategory = filtering ? rest : postsInCategory(rest, tab);
  const pending = posts.isPending || (searching && bodies.isPending);
  const failed = posts.isError || (searching && bodies.isError);

  const heading = searching ? searchResultsHeading(term) : tag ? `Posts in ${tag}` : 'Blog';

  let list: ReactNode;
  if (failed) {
    list = (
      <div className={styles.empty} role="alert">
        <p className={styles.emptyTitle}>Failed to fetch blog posts</p>
        <p>Please try again later.</p>
      </div>
    );
  } else if (pending) {
    list = <PostCardSkeletons count={searching ? 4 : 6} />;
  } else if (filtering && shown.length === 0) {
    list = (
      <div className={styles.empty}>
        <h2>No results found</h2>
        <p>Try a different search term or browse all posts.</p>
        <button type="button" className="pn-button pn-button-primary" onClick={clearAll}>
          View All Posts
        </button>
      </div>
    );
  } else if (published.length === 0) {
    list = (
      <div className={styles.empty}>
        <p>No posts available.</p>
      </div>
    );
  } else if (inCategory.length === 0) {
    list =
      featured && tab.id === 'all' ? null : (
        <div className={styles.empty}>
          <p>No posts in this category.</p>
        </div>
      );
  } else {
    list = (
      <div className={styles.grid}>
        {inCategory.map((post) => (
          <PostCard key={post.id} post={post} headingLevel={filtering ? 2 : 3} />
        ))}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {heading}
          {searching && !pending && (
            <span className={styles.resultCount}>{resultCountLabel(shown.length)}</span>
          )}
        </h1>
        {site.tagline ? <p className={styles.subtitle}>{site.tagline}</p> : null}
      </header>

      <search className={styles.controls}>
        <div className={styles.searchBox}>
          <SearchIcon />
          <label htmlFor="blog-search" className="pn-visually-hidden">
            Search articles
          </label>
          <input
            id="blog-search"
            type="search"
            className={`pn-input ${styles.searchInput}`}
            placeholder="Search articles..."
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <div className={styles.sortBox}>
          <label htmlFor="blog-sort">Sort</label>
          <select
            id="blog-sort"
            className={styles.select}
            value={sort}
            onChange={(e) => setSort(e.target.value as PostSort)}
          >
            {POST_SORTS.map((s) => (
              <option key={s} value={s}>
                {POST_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </search>

      {tag && (
        <div className={styles.badgeRow}>
          <span className={styles.badge} data-testid="tag-badge">
            Showing: {tag}
            <button type="button" aria-label={`Remove filter ${tag}`} onClick={() => setTag(undefined)}>
              <CloseIcon width={14} height={14} />
            </button>
          </span>
        </div>
      )}

      <div className={styles.layout}>
        <div>
          {featured && <FeaturedPost post={featured} />}
          {!filtering && !pending && published.length > 0 && (
            <CategoryTabs tabs={tabs} selected={tab.id} onSelect={setCategory} />
          )}
          <div
            id={CATEGORY_PANEL_ID}
            {...(!filtering && published.length > 0
              ? { role: 'tabpanel', 'aria-labelledby': tabId(tab.id) }
              : {})}
          >
            {list}
          </div>
        </div>
        <CategoriesPanel total={published.length} tags={tags} selected={tag} onSelect={setTag} />
      </div>

      <Island
        name="newsletter"
        component={NewsletterBlock}
        props={{ back: '/blog', siteTitle: site.title }}
      />
    </div>
  );
}
