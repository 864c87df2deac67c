// The public blog home (/blog, and / when signed out). Engineer G replaces this with the full screen.
import { slugify } from '@private-notes/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/queries.ts';
import { useDataClient } from '../../api/use-data-client.ts';

export function BlogHomeScreen() {
  const posts = useQuery(blogPostsQuery(useDataClient()));
  return (
    <div className="pn-container">
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>Blog</h1>
      <p style={{ color: 'var(--pn-fg-muted)', marginBottom: '1.5rem' }}>
        Thoughts on knowledge management, productivity, and technology
      </p>
      {posts.data?.length === 0 && <p>No posts available.</p>}
      <ul>
        {posts.data?.map((post) => (
          <li key={post.id} style={{ marginBottom: '0.75rem' }}>
            <Link
              to="/blog/post/$id/{-$slug}"
              params={{ id: post.id, slug: slugify(post.title) || undefined }}
            >
              {post.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
