// Posts of one tag (/blog/tags/{tag}), SPEC section 2: count line, post grid, 'Related Tags' (up to 10,
// with counts) and 'View All Tags'; the empty state returns to the blog.
import { noTagPostsLabel, relatedTags, sortPosts, tagPostsLabel } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { tagPostsQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';
import styles from './Blog.module.css';
import { PostCard } from './PostCard.tsx';
import { postSummariesQuery, toSummary } from './post-summaries.ts';

export function BlogTagScreen({ tag }: { tag: string }) {
  const data = useDataClient();
  const posts = useQuery(tagPostsQuery(data, tag));
  const all = useQuery(postSummariesQuery(data));
  const shown = useMemo(
    () => sortPosts((posts.data ?? []).filter((p) => p.published)).map(toSummary),
    [posts.data],
  );
  const related = useMemo(() => relatedTags(all.data ?? [], tag), [all.data, tag]);

  let status: string;
  if (posts.isPending) status = 'Loading posts...';
  else if (shown.length === 0) status = noTagPostsLabel(tag);
  else status = tagPostsLabel(shown.length, tag);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.featuredLabel}>Tag</p>
        <h1 className={styles.title}>{tag}</h1>
      </header>
      <div className={styles.layout}>
        <div>
          <p className={styles.statusLine} role="status">
            {status}
          </p>
          {posts.isError && (
            <p className={styles.statusLine} role="alert">
              Failed to fetch blog posts
            </p>
          )}
          {!posts.isPending && shown.length === 0 ? (
            <div className={styles.empty}>
              <Link to="/blog" className="pn-button pn-button-primary">
                Return to Blog
              </Link>
            </div>
          ) : (
            <div className={styles.grid}>
              {shown.map((post) => (
                <PostCard key={post.id} post={post} headingLevel={2} />
              ))}
            </div>
          )}
        </div>
        <aside className={styles.panel} aria-labelledby="related-tags-title">
          <h2 id="related-tags-title" className={styles.panelTitle}>
            Related Tags
          </h2>
          {related.length === 0 ? (
            <p className={styles.count}>No related tags yet.</p>
          ) : (
            <ul className={styles.panelList} data-testid="related-tags">
              {related.map((r) => (
                <li key={r.tag}>
                  <Link to="/blog/tags/$tag" params={{ tag: r.tag }} className={styles.panelItem}>
                    <span>{r.tag}</span> <span className={styles.count}>{r.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.sideActions}>
            <Link to="/blog/tags" className="pn-button pn-button-outline">
              View All Tags
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
