// The blog administration tabs (All Posts / Published / Drafts) and which posts each one lists.
import type { BlogPost } from '@private-notes/shared';

export const POST_TABS = [
  { value: 'all', label: 'All Posts' },
  { value: 'published', label: 'Published' },
  { value: 'drafts', label: 'Drafts' },
] as const;
export type PostTab = (typeof POST_TABS)[number]['value'];

export function isPostTab(value: string): value is PostTab {
  return POST_TABS.some((tab) => tab.value === value);
}

export function postsForTab<T extends Pick<BlogPost, 'published'>>(posts: readonly T[], tab: PostTab): T[] {
  if (tab === 'published') return posts.filter((post) => post.published);
  if (tab === 'drafts') return posts.filter((post) => !post.published);
  return posts.slice();
}
