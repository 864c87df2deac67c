// /blog: the public blog list, rendered on the server with its posts.
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery, siteQuery } from '../../api/queries.ts';
import { BlogHomeScreen } from '../../features/blog/BlogHomeScreen.tsx';
import { publicHead } from '../../features/blog/blog-head.ts';
import { validateBlogHomeSearch } from '../../features/blog/blog-search.ts';
import { postSummariesQuery } from '../../features/blog/post-summaries.ts';
import { warmQuery } from '../../features/blog/warm-query.ts';
import { Island } from '../../islands/Island.tsx';

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogHomeSearch,
  loaderDeps: ({ search }) => ({ search: search.search }),
  loader: async ({ context, deps }) => {
    const [site] = await Promise.all([
      context.queryClient.ensureQueryData(siteQuery(context.data)),
      warmQuery(context.queryClient, postSummariesQuery(context.data)),
      // A shared search link renders its results on the server: they need the posts' bodies.
      deps.search ? warmQuery(context.queryClient, blogPostsQuery(context.data)) : null,
    ]);
    return { origin: context.origin, title: site.title, tagline: site.tagline };
  },
  head: ({ loaderData }) =>
    publicHead({
      page: 'Blog',
      description: loaderData?.tagline || loaderData?.title || '',
      origin: loaderData?.origin ?? '',
      siteTitle: loaderData?.title,
      path: '/blog',
    }),
  component: BlogHomeRoute,
});

function BlogHomeRoute() {
  const { search, tag } = Route.useSearch();
  return <Island name="blog-home" component={BlogHomeScreen} props={{ search, tag }} />;
}
