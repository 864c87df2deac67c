// /blog/tags/{tag}: the posts of one tag (the tag is URL-decoded by the router).
import { createFileRoute } from '@tanstack/react-router';
import { blogPostsQuery, tagPostsQuery } from '../../../api/queries.ts';
import { pageHead } from '../../../config/page-head.ts';
import { BlogTagScreen } from '../../../features/blog/BlogTagScreen.tsx';

export const Route = createFileRoute('/blog/tags/$tag')({
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.prefetchQuery(tagPostsQuery(context.data, params.tag)),
      context.queryClient.prefetchQuery(blogPostsQuery(context.data)),
    ]);
  },
  head: ({ params }) => pageHead(`Posts tagged "${params.tag}"`, `Blog posts about ${params.tag}.`),
  component: BlogTagRoute,
});

function BlogTagRoute() {
  const { tag } = Route.useParams();
  return <BlogTagScreen tag={tag} />;
}
