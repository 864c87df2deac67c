// /blog/post/{id}/{slug?}: one post; the id is an integer, the slug optional. A missing or wrong slug (an
// old title's, say) is replaced by the post's own (postSlug: a 301 on the server, a replace in the
// browser); a missing post is a 404.
import { postSlug } from '@private-notes/shared';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { blogPostQuery, commentsQuery, siteQuery } from '../../../../api/queries.ts';
import { pageHead } from '../../../../config/page-head.ts';
import { BlogPostScreen } from '../../../../features/blog/BlogPostScreen.tsx';
import { postHeadInput, publicHead } from '../../../../features/blog/blog-head.ts';
import { PostNotAvailable, PostNotFound } from '../../../../features/blog/PostMissing.tsx';
import { postSummariesQuery } from '../../../../features/blog/post-summaries.ts';

export const Route = createFileRoute('/blog/post/$id/{-$slug}')({
  params: {
    parse: (raw) => {
      if (!/^[1-9][0-9]{0,14}$/.test(raw.id)) throw notFound();
      return { id: Number(raw.id), slug: raw.slug };
    },
    stringify: (params) => ({ id: String(params.id), slug: params.slug }),
  },
  loader: async ({ context, params }) => {
    const { queryClient, data, origin } = context;
    let post: Awaited<ReturnType<typeof data.getPost>>;
    try {
      post = await queryClient.ensureQueryData(blogPostQuery(data, params.id));
    } catch (error) {
      // By status, not instanceof: on the server the error comes from the server's own copy of ApiError.
      if ((error as { status?: unknown } | null)?.status === 404) throw notFound();
      throw error;
    }
    const slug = postSlug(post) || undefined;
    if (params.slug !== slug) {
      throw redirect({
        to: '/blog/post/$id/{-$slug}',
        params: { id: params.id, slug },
        replace: true,
        statusCode: 301,
      });
    }
    // Previous/next and related posts come from the list; comments render with the post.
    await Promise.all([
      queryClient.prefetchQuery(commentsQuery(data, params.id)),
      queryClient.prefetchQuery(postSummariesQuery(data)),
    ]);
    const path = slug ? `/blog/post/${params.id}/${slug}` : `/blog/post/${params.id}`;
    const site = await queryClient.ensureQueryData(siteQuery(data));
    return { head: postHeadInput(post, origin, path, site) };
  },
  head: ({ loaderData }) => (loaderData ? publicHead(loaderData.head) : pageHead('Post Not Found')),
  component: BlogPostRoute,
  notFoundComponent: PostNotFound,
  errorComponent: PostNotAvailable,
});

function BlogPostRoute() {
  const { id } = Route.useParams();
  return <BlogPostScreen id={id} />;
}
