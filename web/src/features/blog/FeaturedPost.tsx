// The featured first post of the blog home, with its real view and comment counts (DECISIONS).
import { formatCardDate } from '@private-notes/shared';
import { Island } from '../../islands/Island.tsx';
import styles from './Blog.module.css';
import { CalendarIcon, ClockIcon, CommentIcon, EyeIcon } from './blog-icons.tsx';
import { coverImageProps } from './cover-image.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import { PostLink } from './PostLink.tsx';
import { PostTagList } from './PostTagList.tsx';
import type { PostSummary } from './post-summaries.ts';

const countLabel = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function FeaturedPost({ post }: { post: PostSummary }) {
  const excerpt = post.preview;
  return (
    <article className={styles.featured} data-testid="featured-post" aria-labelledby="featured-title">
      <p className={styles.featuredLabel}>Featured</p>
      {post.imageUrl && (
        <img
          className={styles.featuredImage}
          {...coverImageProps(post.imageUrl, '(max-width: 800px) 100vw, 800px')}
          alt=""
          width={1200}
          height={675}
        />
      )}
      <h2 id="featured-title" className={styles.featuredTitle}>
        <PostLink post={post}>{post.title}</PostLink>
      </h2>
      {excerpt && <p className={styles.excerpt}>{excerpt}</p>}
      <PostTagList tags={post.tags} />
      <div className={styles.meta}>
        <span>
          <CalendarIcon />
          {formatCardDate(post.publishedAt ?? post.createdAt)}
        </span>
        <span>
          <ClockIcon />
          {post.readTime} min read
        </span>
        <span data-testid="featured-views">
          <EyeIcon />
          {countLabel(post.views, 'view', 'views')}
        </span>
        <span data-testid="featured-comments">
          <CommentIcon />
          {countLabel(post.commentCount, 'comment', 'comments')}
        </span>
      </div>
      <Island name="favourite" component={FavouriteButton} props={{ postId: post.id, title: post.title }} />
    </article>
  );
}
