// Where each island's component lives. Loaded only when an island is hydrated (island-runtime.tsx), so a
// page that nobody touches downloads none of them, nor React.
import type { ComponentType } from 'react';
import type { IslandName } from './island-names.ts';

// biome-ignore lint/suspicious/noExplicitAny: each island's props come from its own marker's JSON
type AnyComponent = ComponentType<any>;

export const ISLAND_COMPONENTS: Record<IslandName, () => Promise<AnyComponent>> = {
  'theme-menu': () => import('../ui/frame/ThemeMenu.tsx').then((m) => m.ThemeMenu),
  'blog-home': () => import('../features/blog/BlogHomeScreen.tsx').then((m) => m.BlogHomeScreen),
  'blog-tags': () => import('../features/blog/BlogTagsScreen.tsx').then((m) => m.BlogTagsScreen),
  newsletter: () => import('../features/blog/NewsletterBlock.tsx').then((m) => m.NewsletterBlock),
  favourite: () => import('../features/blog/FavouriteButton.tsx').then((m) => m.FavouriteButton),
  'post-header-bar': () => import('../features/blog/PostHeaderBar.tsx').then((m) => m.PostHeaderBar),
  'post-actions': () => import('../features/blog/PostActions.tsx').then((m) => m.PostActions),
  comments: () => import('../features/blog/CommentsSection.tsx').then((m) => m.CommentsSection),
  'confirm-subscription': () =>
    import('../features/blog/ConfirmSubscriptionScreen.tsx').then((m) => m.ConfirmSubscriptionScreen),
  unsubscribe: () => import('../features/blog/UnsubscribeScreen.tsx').then((m) => m.UnsubscribeScreen),
};
