// /blog/admin: blog administration; ?edit={id} opens a post for editing. Anonymous visitors go to /auth.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminPostsQuery } from '../../../api/queries.ts';
import { pageHead } from '../../../config/page-head.ts';
import { validateBlogAdminSearch } from '../../../features/admin/admin-search.ts';
import { BlogAdminScreen } from '../../../features/admin/BlogAdminScreen.tsx';
import { requireUser } from '../../../features/auth/require-user.ts';

export const Route = createFileRoute('/_app/blog/admin')({
  validateSearch: validateBlogAdminSearch,
  beforeLoad: ({ context, location }) => {
    requireUser(context.user, location.href);
  },
  // Not awaited: the screen shows placeholder cards while the list loads.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminPostsQuery());
  },
  head: () => pageHead('Blog Admin'),
  component: BlogAdminRoute,
});

function BlogAdminRoute() {
  const { edit } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The dialog opened from ?edit= has closed: drop the parameter so a reload does not reopen it.
  const onEditHandled = useCallback(() => {
    void navigate({ search: {}, replace: true });
  }, [navigate]);
  return <BlogAdminScreen editPostId={edit} onEditHandled={onEditHandled} />;
}
