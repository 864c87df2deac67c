// /blog: the public blog list, rendered on the server with its posts.
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/queries.ts';
import { pageHead } from '../../config/page-head.ts';
import { BlogHomeScreen } from '../../features/blog/BlogHomeScreen.tsx';
import { validateBlogHomeSearch } from '../../features/blog/blog-search.ts';

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogHomeSearch,
  loader: ({ context }) => context.queryClient.prefetchQuery(blogPostsQuery(context.data)),
  head: () => pageHead('Blog', 'Thoughts on knowledge management, productivity, and technology'),
  component: BlogHomeScreen,
});
