// A single post (/blog/post/{id}/{slug}), SPEC section 2: progress bar, sticky header, breadcrumbs, meta,
// author, sanitised HTML content (the server renders and sanitises it), FAQ, tags, actions, previous/next,
// comments, and the sidebar. The route's loader has the post in the cache before this renders.
import {
  adjacentPosts,
  formatLongDate,
  postPath,
  relatedPosts,
  tableOfContents,
} from '@private-notes/shared';
import { Link, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { blogPostQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';
import { useQuery } from '../../api/use-query.ts';
import { useSite } from '../../api/use-site.ts';
import { Island } from '../../islands/Island.tsx';
import { AdjacentPosts } from './AdjacentPosts.tsx';
import { CalendarIcon, ClockIcon, TagIcon } from './blog-icons.tsx';
import { CommentsSection } from './CommentsSection.tsx';
import { coverImageProps } from './cover-image.ts';
import { FaqAccordion } from './FaqAccordion.tsx';
import { NewsletterBlock } from './NewsletterBlock.tsx';
import styles from './Post.module.css';
import { PostActions } from './PostActions.tsx';
import { PostHeaderBar } from './PostHeaderBar.tsx';
import { PostNotAvailable, PostNotFound } from './PostMissing.tsx';
import { PostSidebar } from './PostSidebar.tsx';
import { postSummariesQuery } from './post-summaries.ts';
import { ReadingProgressBar } from './ReadingProgressBar.tsx';
import { useRecordView } from './use-record-view.ts';

export function BlogPostScreen({ id }: { id: number }) {
  const data = useDataClient();
  const site = useSite();
  const { author } = site;
  const origin = useRouter().options.context.origin;
  const postQuery = useQuery(blogPostQuery(data, id));
  const list = useQuery(postSummariesQuery(data));
  const post = postQuery.data;
  useRecordView(id, post?.published ?? false);

  const toc = useMemo(() => (post ? tableOfContents(post.content) : []), [post]);
  const published = list.data ?? [];
  const related = useMemo(() => (post ? relatedPosts(post, published) : []), [post, published]);

  if (postQuery.isError) {
    return (postQuery.error as { status?: number }).status === 404 ? <PostNotFound /> : <PostNotAvailable />;
  }
  if (!post) return <PostNotAvailable />;

  const url = `${origin}${postPath(post)}`;
  const { previous, next } = adjacentPosts(published, post.id);
  const topics = post.tags.length;

  return (
    <>
      <ReadingProgressBar />
      <Island
        name="post-header-bar"
        component={PostHeaderBar}
        props={{ postId: post.id, url, title: post.title }}
      />
      <div className={styles.page}>
        {/* data-record-view: the public pages' script counts the visit (islands/dom/post-behaviours.ts). */}
        <article aria-labelledby="post-title" data-record-view={post.published ? post.id : undefined}>
          <nav className={styles.breadcrumbs} aria-label="Breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
              <li aria-current="page">{post.title}</li>
            </ol>
          </nav>
          {post.imageUrl && (
            <img
              className={styles.image}
              {...coverImageProps(post.imageUrl, '(max-width: 800px) 100vw, 800px')}
              alt=""
              width={1200}
              height={675}
              fetchPriority="high"
            />
          )}
          <div className={styles.meta}>
            <span>
              <CalendarIcon />
              {formatLongDate(post.publishedAt)}
            </span>
            <span>
              <ClockIcon />
              {post.readTime} min read
            </span>
            <span>
              <TagIcon />
              {topics} {topics === 1 ? 'topic' : 'topics'}
            </span>
          </div>
          <h1 id="post-title" className={styles.title}>
            {post.title}
          </h1>
          <div className={styles.author}>
            {author.avatarUrl ? (
              // The smallest public variant (a square crop by CSS): the owner's upload, never its original.
              <img
                className={styles.avatar}
                src={`${author.avatarUrl}?w=320`}
                alt=""
                width={44}
                height={44}
              />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                {author.name.charAt(0).toUpperCase()}
              </span>
            )}
            <div>
              <p className={styles.authorName}>{author.name}</p>
              <p className={styles.muted}>Author</p>
            </div>
          </div>
          <div
            className={styles.content}
            data-testid="post-content"
            // The server renders the markdown and sanitises the HTML (no scripts, no handlers, http(s) links).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see the comment above
            dangerouslySetInnerHTML={{ __html: post.contentHtml }}
          />
          <FaqAccordion items={post.faq ?? []} />
          {post.tags.length > 0 && (
            <div className={styles.tagLinks}>
              {post.tags.map((tag) => (
                <Link key={tag} to="/blog/tags/$tag" params={{ tag }} className={styles.tagLink}>
                  #{tag}
                </Link>
              ))}
            </div>
          )}
          <Island
            name="post-actions"
            component={PostActions}
            props={{ postId: post.id, url, title: post.title }}
          />
          <AdjacentPosts previous={previous} next={next} />
          {/* Where readers decide to follow: the blog home's double opt-in block. */}
          <Island
            name="newsletter"
            component={NewsletterBlock}
            props={{ back: postPath(post), siteTitle: site.title }}
          />
          <Island name="comments" component={CommentsSection} props={{ postId: post.id }} />
        </article>
        <PostSidebar post={post} toc={toc} related={related} />
      </div>
    </>
  );
}
