// The browser's side of the public data contract: the same reads the server answers directly, over HTTP.
import type { PublicDataClient } from '@private-notes/shared';
import { currentUserOfflineAware } from '../sync/offline-session.ts';
import { api } from './api.ts';

export const httpDataClient: PublicDataClient = {
  // Offline, the remembered owner keeps the private screens (and their local notes) open (sync/offline-session.ts).
  currentUser: () => currentUserOfflineAware(() => api.currentUser()),
  listPublishedPosts: (params) => api.listPublishedPosts(params),
  getPost: (id) => api.getPost(id),
  listPostsByTag: (tag) => api.listPostsByTag(tag),
  listComments: (postId) => api.listComments(postId),
  getSite: () => api.site(),
};
