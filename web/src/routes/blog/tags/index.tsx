// /blog/tags: every tag with its post count.
import { createFileRoute } from '@tanstack/react-router';
import { BlogTagsScreen } from '../../../features/blog/BlogTagsScreen.tsx';
import { publicHead, publicPageData } from '../../../features/blog/blog-head.ts';
import { postSummariesQuery } from '../../../features/blog/post-summaries.ts';
import { warmQuery } from '../../../features/blog/warm-query.ts';
import { Island } from '../../../islands/Island.tsx';

export const Route = createFileRoute('/blog/tags/')({
  loader: async ({ context }) => {
    const [page] = await Promise.all([
      publicPageData(context),
      warmQuery(context.queryClient, postSummariesQuery(context.data)),
    ]);
    return page;
  },
  head: ({ loaderData }) =>
    publicHead({
      page: 'All Tags',
      description: 'Browse every topic on the blog: knowledge management, productivity, technology and more.',
      origin: loaderData?.origin ?? '',
      path: '/blog/tags',
      siteTitle: loaderData?.siteTitle,
    }),
  component: BlogTagsRoute,
});

function BlogTagsRoute() {
  return <Island name="blog-tags" component={BlogTagsScreen} props={{}} />;
}
