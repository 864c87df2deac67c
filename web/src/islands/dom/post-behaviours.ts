// A post page's behaviours that need no React: counting the visit (use-record-view.ts in the owner's
// app), and the favourite and bookmark buttons showing what this browser saved before their island wakes.
import { api } from '../../api/api.ts';
import { favouriteLabel, favouriteTitle } from '../../features/blog/favourite-labels.ts';
import { recordViewOnce } from '../../features/blog/record-view-once.ts';
import { bookmarkedPostIds, favouritePostIds } from '../../features/blog/saved-post-ids.ts';

export function startPostBehaviours(): void {
  const viewed = document.querySelector<HTMLElement>('[data-record-view]');
  const id = Number(viewed?.dataset.recordView);
  if (Number.isInteger(id) && id > 0) recordViewOnce(id, (postId) => api.recordPostView(postId));
  showSavedPosts();
}

/** Marks the stars and bookmarks of the posts this browser saved; their islands keep them in step after. */
export function showSavedPosts(): void {
  const favourites = favouritePostIds.read();
  for (const button of document.querySelectorAll<HTMLElement>('[data-favourite]')) {
    const on = favourites.has(Number(button.dataset.favourite));
    if (!on) continue;
    const title = button.dataset.title ?? '';
    button.setAttribute('aria-pressed', 'true');
    button.setAttribute('aria-label', favouriteLabel(on, title));
    button.setAttribute('title', favouriteTitle(on));
  }
  const bookmarks = bookmarkedPostIds.read();
  for (const button of document.querySelectorAll<HTMLElement>('[data-bookmark]')) {
    if (bookmarks.has(Number(button.dataset.bookmark))) button.setAttribute('aria-pressed', 'true');
  }
}
