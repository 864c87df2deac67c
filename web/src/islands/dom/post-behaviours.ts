// A post page's behaviours that need no React: counting the visit (use-record-view.ts in the owner's
// app), and the favourite and bookmark buttons showing what this browser saved before their island wakes.
import { api } from '../../api/api.ts';
import { favouriteLabel, favouriteTitle } from '../../features/blog/favourite-labels.ts';
import { recordViewOnce } from '../../features/blog/record-view-once.ts';
import { bookmarkedPostIds, favouritePostIds } from '../../features/blog/saved-post-ids.ts';
import { STORED_IDS_CHANGED } from '../../features/blog/stored-id-set.ts';

export function startPostBehaviours(): void {
  const viewed = document.querySelector<HTMLElement>('[data-record-view]');
  const id = Number(viewed?.dataset.recordView);
  if (Number.isInteger(id) && id > 0) recordViewOnce(id, (postId) => api.recordPostView(postId));
  showSavedPosts();
  // A live island saved or removed a post: the others' buttons follow. The stored sets are read afresh
  // (the island's copy of them wrote localStorage).
  window.addEventListener(STORED_IDS_CHANGED, () => {
    favouritePostIds.forget();
    bookmarkedPostIds.forget();
    showSavedPosts();
  });
}

/** Marks the stars and bookmarks of the posts this browser saved; their islands keep them in step after. */
export function showSavedPosts(): void {
  const favourites = favouritePostIds.read();
  for (const button of document.querySelectorAll<HTMLElement>('[data-favourite]')) {
    const on = favourites.has(Number(button.dataset.favourite));
    const title = button.dataset.title ?? '';
    button.setAttribute('aria-pressed', String(on));
    button.setAttribute('aria-label', favouriteLabel(on, title));
    button.setAttribute('title', favouriteTitle(on));
  }
  const bookmarks = bookmarkedPostIds.read();
  for (const button of document.querySelectorAll<HTMLElement>('[data-bookmark]')) {
    button.setAttribute('aria-pressed', String(bookmarks.has(Number(button.dataset.bookmark))));
  }
}
