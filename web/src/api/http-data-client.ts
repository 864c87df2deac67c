// The browser's side of the public data contract: the same reads the server answers directly, over HTTP.
import type { PublicDataClient } from '@private-notes/shared';
import { api } from './api.ts';

export const httpDataClient: PublicDataClient = {
  currentUser: () => api.currentUser(),
  listPublishedPosts: (params) => api.listPublishedPosts(params),
  getPost: (id) => api.getPost(id),
  listPostsByTag: (tag) => api.listPostsByTag(tag),
  listComments: (postId) => api.listComments(postId),
};
