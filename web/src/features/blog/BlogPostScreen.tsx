// A single post (/blog/post/{id}/{slug}). Engineer G replaces this with the full post page.
import { useQuery } from '@tanstack/react-query';
import { blogPostQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';

export function BlogPostScreen({ id }: { id: number; slug?: string | undefined }) {
  const post = useQuery(blogPostQuery(useDataClient(), id));
  if (post.isError) {
    return (
      <div className="pn-container">
        <h1 style={{ fontSize: '1.5rem', fontWeight: 700 }}>Post Not Found</h1>
        <p>The blog post you're looking for doesn't exist or has been removed.</p>
      </div>
    );
  }
  return (
    <article className="pn-container">
      <h1 style={{ fontSize: '2rem', fontWeight: 700 }}>{post.data?.title}</h1>
    </article>
  );
}
