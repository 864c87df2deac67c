// The visitor's favourite posts (blog cards) and bookmarks (post page), kept in this browser only.
import { useSyncExternalStore } from 'react';
import { BOOKMARKS_KEY, FAVOURITES_KEY } from './saved-post-ids.ts';
import { createStoredIdSet } from './stored-id-set.ts';

export const favouritePosts = createStoredIdSet(FAVOURITES_KEY, useSyncExternalStore);
export const bookmarkedPosts = createStoredIdSet(BOOKMARKS_KEY, useSyncExternalStore);
