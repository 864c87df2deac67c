// /blog/tags/{tag}: the posts of one tag (the tag is URL-decoded by the router).
import { createFileRoute } from '@tanstack/react-router';
import { tagPostsQuery } from '../../../api/queries.ts';
import { BlogTagScreen } from '../../../features/blog/BlogTagScreen.tsx';
import { publicHead, publicPageData } from '../../../features/blog/blog-head.ts';
import { postSummariesQuery } from '../../../features/blog/post-summaries.ts';
import { warmQuery } from '../../../features/blog/warm-query.ts';

export const Route = createFileRoute('/blog/tags/$tag')({
  loader: async ({ context, params }) => {
    const [page] = await Promise.all([
      publicPageData(context),
      warmQuery(context.queryClient, tagPostsQuery(context.data, params.tag)),
      warmQuery(context.queryClient, postSummariesQuery(context.data)),
    ]);
    return page;
  },
  head: ({ params, loaderData }) =>
    publicHead({
      page: `Posts tagged "${params.tag}"`,
      description: `Blog posts about ${params.tag}: knowledge management, productivity and technology.`,
      origin: loaderData?.origin ?? '',
      path: `/blog/tags/${encodeURIComponent(params.tag)}`,
      siteTitle: loaderData?.siteTitle,
    }),
  component: BlogTagRoute,
});

function BlogTagRoute() {
  const { tag } = Route.useParams();
  return <BlogTagScreen tag={tag} />;
}
