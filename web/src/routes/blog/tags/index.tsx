// /blog/tags: every tag with its post count.
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../../api/queries.ts';
import { pageHead } from '../../../config/page-head.ts';
import { BlogTagsScreen } from '../../../features/blog/BlogTagsScreen.tsx';

export const Route = createFileRoute('/blog/tags/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(blogPostsQuery(context.data)),
  head: () => pageHead('All Tags', 'Browse every topic on the blog.'),
  component: BlogTagsScreen,
});
