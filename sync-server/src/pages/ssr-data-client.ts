// The server's side of the public data contract: server rendering reads the services directly, as the
// signed-in user (or an anonymous visitor) of the request, and fails the way the HTTP API would.
import { ApiError, type PublicDataClient } from '@private-notes/shared';
import type { AuthUser } from '../auth/auth.ts';
import type { Services } from '../deps.ts';
import { HttpError } from '../http/http-error.ts';
import { POST_NOT_FOUND } from '../services/blog-service.ts';

function asApiError(error: unknown): never {
  if (error instanceof HttpError) throw new ApiError(error.status, `${error.status}: ${error.message}`);
  throw error;
}

export function createSsrDataClient(services: Services, user: AuthUser | null): PublicDataClient {
  const { blog, comments, site } = services;
  return {
    currentUser: async () => (user ? { id: user.id, username: user.username } : null),
    listPublishedPosts: async (params) => blog.listPublishedPosts({ search: params.search, tag: params.tag }),
    getPost: async (id) => {
      // As GET /api/blog/{id}: the owner may open a draft; nobody else learns that it exists.
      const post = user ? blog.getPost(id) : blog.getPublishedPost(id);
      if (!post) throw new ApiError(404, `404: ${POST_NOT_FOUND}`);
      return post;
    },
    listPostsByTag: async (tag) => blog.postsByTag(tag),
    listComments: async (postId) => {
      try {
        return comments.listForPost(postId, { owner: user !== null });
      } catch (error) {
        return asApiError(error);
      }
    },
    getSite: async () => site.publicSite(),
  };
}
