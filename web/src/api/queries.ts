// Query-option factories shared by route loaders (server and browser) and components, so both read the
// same cache entry. Public reads go through the PublicDataClient in the router context; private reads,
// which never render on the server, call the HTTP client directly.
import type { BlogListParams, PublicDataClient } from '@private-notes/shared';
import { api } from './api.ts';
import { queryOptions } from './page-cache.ts';

/** SPEC section 3: the current-user resource is cached under the key '/api/user'. */
export const USER_KEY = ['/api/user'] as const;
export const SETTINGS_KEY = ['/api/user/settings'] as const;
export const BLOG_KEY = ['/api/blog'] as const;
export const ADMIN_BLOG_KEY = ['/api/admin/blog'] as const;
export const SUBSCRIBERS_KEY = ['/api/admin/subscribers'] as const;
export const EXPLANATIONS_KEY = ['/api/ai/explanations'] as const;
export const SITE_KEY = ['/api/site'] as const;
export const ADMIN_SITE_KEY = ['/api/admin/site'] as const;
export const PENDING_COMMENTS_KEY = ['/api/admin/comments/pending'] as const;

export const userQuery = (data: PublicDataClient) =>
  queryOptions({ queryKey: USER_KEY, queryFn: () => data.currentUser() });

export const blogPostsQuery = (data: PublicDataClient, params: BlogListParams = {}) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'list', { search: params.search ?? '', tag: params.tag ?? '' }] as const,
    queryFn: () => data.listPublishedPosts(params),
  });

export const blogPostQuery = (data: PublicDataClient, id: number) =>
  queryOptions({ queryKey: [...BLOG_KEY, 'post', id] as const, queryFn: () => data.getPost(id) });

export const tagPostsQuery = (data: PublicDataClient, tag: string) =>
  queryOptions({ queryKey: [...BLOG_KEY, 'tag', tag] as const, queryFn: () => data.listPostsByTag(tag) });

export const commentsQuery = (data: PublicDataClient, postId: number) =>
  queryOptions({
    queryKey: [...BLOG_KEY, 'comments', postId] as const,
    queryFn: () => data.listComments(postId),
  });

export const settingsQuery = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api.settings(signal) });

export const adminPostsQuery = () =>
  queryOptions({ queryKey: ADMIN_BLOG_KEY, queryFn: ({ signal }) => api.adminPosts(signal) });

export const subscribersQuery = () =>
  queryOptions({ queryKey: SUBSCRIBERS_KEY, queryFn: ({ signal }) => api.subscribers(signal) });

export const explanationsQuery = () =>
  queryOptions({ queryKey: EXPLANATIONS_KEY, queryFn: ({ signal }) => api.explanations(signal) });

/** The site's identity and author: loaded by the root route, so every page (and its footer) has it. */
export const siteQuery = (data: PublicDataClient) =>
  queryOptions({ queryKey: SITE_KEY, queryFn: () => data.getSite() });

export const adminSiteQuery = () =>
  queryOptions({ queryKey: ADMIN_SITE_KEY, queryFn: ({ signal }) => api.adminSite(signal) });

/** The moderation queue: Blog Admin shows its count, the Comments view lists it. */
export const pendingCommentsQuery = () =>
  queryOptions({ queryKey: PENDING_COMMENTS_KEY, queryFn: ({ signal }) => api.pendingComments(signal) });
