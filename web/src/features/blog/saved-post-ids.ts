// Where the favourites and bookmarks are stored, and both sets without React, for the public pages'
// script (islands/dom/post-behaviours.ts); saved-posts.ts is the same storage with its hook.
import { createStoredIdSet } from './stored-id-set.ts';

export const FAVOURITES_KEY = 'blog-favourites';
export const BOOKMARKS_KEY = 'blog-bookmarks';

export const favouritePostIds = createStoredIdSet(FAVOURITES_KEY);
export const bookmarkedPostIds = createStoredIdSet(BOOKMARKS_KEY);
