// A post in a list: title, clamped excerpt, two tags and '+N more', date, read time, favourite star.
import { formatCardDate } from '@private-notes/shared';
import { Island } from '../../islands/Island.tsx';
import styles from './Blog.module.css';
import { CalendarIcon, ClockIcon } from './blog-icons.tsx';
import { coverImageProps } from './cover-image.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import { PostLink } from './PostLink.tsx';
import { PostTagList } from './PostTagList.tsx';
import type { PostSummary } from './post-summaries.ts';

export function PostCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const excerpt = post.preview;
  return (
    <article className={styles.card} data-testid="post-card">
      {post.imageUrl && (
        <img
          className={styles.cardImage}
          {...coverImageProps(post.imageUrl, '(max-width: 640px) 100vw, 400px')}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
        />
      )}
      <Heading className={styles.cardTitle}>
        <PostLink post={post}>{post.title}</PostLink>
      </Heading>
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
      </div>
      <Island name="favourite" component={FavouriteButton} props={{ postId: post.id, title: post.title }} />
    </article>
  );
}
