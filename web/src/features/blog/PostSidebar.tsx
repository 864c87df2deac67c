// The post page's sidebar: table of contents, About the Author, up to 3 related posts, topics.
import type { BlogPost, TocEntry } from '@private-notes/shared';
import { Link } from '@tanstack/react-router';
import { useSite } from '../../api/use-site.ts';
import styles from './Post.module.css';
import { PostLink } from './PostLink.tsx';
import type { PostSummary } from './post-summaries.ts';
import { TableOfContents } from './TableOfContents.tsx';

export function PostSidebar({
  post,
  toc,
  related,
}: {
  post: BlogPost;
  toc: readonly TocEntry[];
  related: readonly PostSummary[];
}) {
  const { author } = useSite();
  return (
    <aside className={styles.sidebar} aria-label="About this post">
      <div className={`${styles.sidebar} ${styles.sidebarSticky}`}>
        <TableOfContents entries={toc} readTime={post.readTime} />
        <section className={styles.box} aria-labelledby="about-author-title">
          <h2 id="about-author-title" className={styles.boxTitle}>
            About the Author
          </h2>
          <p className={styles.authorName}>{author.name}</p>
          <p className={styles.muted}>{author.bio}</p>
        </section>
        {related.length > 0 && (
          <section className={styles.box} aria-labelledby="related-title" data-testid="related-posts">
            <h2 id="related-title" className={styles.boxTitle}>
              Related Posts
            </h2>
            <ul className={styles.relatedList}>
              {related.map((r) => (
                <li key={r.id}>
                  <PostLink post={r}>{r.title}</PostLink>
                  <p className={styles.muted}>{r.readTime} min read</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        {post.tags.length > 0 && (
          <section className={styles.box} aria-labelledby="topics-title">
            <h2 id="topics-title" className={styles.boxTitle}>
              Topics
            </h2>
            <div className={styles.tagLinks} style={{ marginTop: 0 }}>
              {post.tags.map((tag) => (
                <Link key={tag} to="/blog/tags/$tag" params={{ tag }} className={styles.tagLink}>
                  {tag}
                </Link>
              ))}
            </div>
          </section>
        )}
      </div>
    </aside>
  );
}
