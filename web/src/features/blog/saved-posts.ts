// The visitor's favourite posts (blog cards) and bookmarks (post page), kept in this browser only.
import { createStoredIdSet } from './stored-id-set.ts';

export const favouritePosts = createStoredIdSet('blog-favourites');
export const bookmarkedPosts = createStoredIdSet('blog-bookmarks');
