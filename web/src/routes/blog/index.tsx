// /blog: the public blog list, rendered on the server with its posts.
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/queries.ts';
import { BlogHomeScreen } from '../../features/blog/BlogHomeScreen.tsx';
import { publicHead } from '../../features/blog/blog-head.ts';
import { validateBlogHomeSearch } from '../../features/blog/blog-search.ts';
import { postSummariesQuery } from '../../features/blog/post-summaries.ts';
import { warmQuery } from '../../features/blog/warm-query.ts';

const BLOG_DESCRIPTION = 'Thoughts on knowledge management, productivity, and technology';

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogHomeSearch,
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      warmQuery(context.queryClient, postSummariesQuery(context.data)),
      // A shared search link renders its results on the server: they need the posts' bodies.
      deps.search ? warmQuery(context.queryClient, blogPostsQuery(context.data)) : null,
    ]);
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
