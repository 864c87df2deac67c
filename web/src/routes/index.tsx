// '/': the notes screen when signed in, the public blog list when not (SPEC section 2). The blog renders on
// the server; the signed-in home loads its private code (Chakra, notes) only in the browser.
import { ClientOnly, createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { userQuery } from '../api/queries.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '../config/site.ts';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { BlogHomeScreen } from '../features/blog/BlogHomeScreen.tsx';
import { validateBlogHomeSearch } from '../features/blog/blog-search.ts';
import { postSummariesQuery } from '../features/blog/post-summaries.ts';
import { Island } from '../islands/Island.tsx';
import { Loading } from '../ui/Loading.tsx';

const PrivateHome = lazy(() => import('../features/app/PrivateHome.tsx'));

export const Route = createFileRoute('/')({
  // Signed out, '/' is the blog home, with its search and tag parameters.
  validateSearch: validateBlogHomeSearch,
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQuery(context.data));
    if (!user) await context.queryClient.prefetchQuery(postSummariesQuery(context.data));
  },
  head: () => ({
    meta: [{ title: DEFAULT_TITLE }, { name: 'description', content: DEFAULT_DESCRIPTION }],
  }),
  component: HomeRoute,
});

function HomeRoute() {
  const { user, isLoading } = useCurrentUser();
  const { search, tag } = Route.useSearch();
  if (isLoading) return <Loading />;
  if (!user) return <Island name="blog-home" component={BlogHomeScreen} props={{ search, tag }} />;
  return (
    <ClientOnly fallback={<Loading />}>
      <Suspense fallback={<Loading />}>
        <PrivateHome />
      </Suspense>
    </ClientOnly>
  );
}
