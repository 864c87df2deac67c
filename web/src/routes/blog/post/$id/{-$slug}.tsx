// /blog/post/{id}/{slug?}: one post; the id is an integer, the slug optional (the screen fixes it).
import { createFileRoute, notFound } from '@tanstack/react-router';
import { blogPostQuery, commentsQuery } from '../../../../api/queries.ts';
import { BlogPostScreen } from '../../../../features/blog/BlogPostScreen.tsx';

export const Route = createFileRoute('/blog/post/$id/{-$slug}')({
  params: {
    parse: (raw) => {
      if (!/^[1-9][0-9]{0,14}$/.test(raw.id)) throw notFound();
      return { id: Number(raw.id), slug: raw.slug };
    },
    stringify: (params) => ({ id: String(params.id), slug: params.slug }),
  },
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.prefetchQuery(blogPostQuery(context.data, params.id)),
      context.queryClient.prefetchQuery(commentsQuery(context.data, params.id)),
    ]);
  },
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { id, slug } = Route.useParams();
  return <BlogPostScreen id={id} slug={slug} />;
}
