// /blog: the public blog list, rendered on the server with its posts.
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/queries.ts';
import { BlogHomeScreen } from '../../features/blog/BlogHomeScreen.tsx';
import { publicHead } from '../../features/blog/blog-head.ts';
import { validateBlogHomeSearch } from '../../features/blog/blog-search.ts';

const BLOG_DESCRIPTION = 'Thoughts on knowledge management, productivity, and technology';

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogHomeSearch,
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(blogPostsQuery(context.data));
    return { origin: context.origin };
  },
  head: ({ loaderData }) =>
    publicHead({
      page: 'Blog',
      description: BLOG_DESCRIPTION,
      origin: loaderData?.origin ?? '',
      path: '/blog',
    }),
  component: BlogHomeScreen,
});
