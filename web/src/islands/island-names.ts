// The islands of the public pages, by name: the server writes the name, the public entry loads the
// component registered under it (island-components.ts).
export const ISLAND_NAMES = [
  'theme-menu',
  'blog-home',
  'blog-tags',
  'newsletter',
  'favourite',
  'post-header-bar',
  'post-actions',
  'comments',
  'confirm-subscription',
  'unsubscribe',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export function isIslandName(name: string | undefined): name is IslandName {
  return (ISLAND_NAMES as readonly string[]).includes(name ?? '');
}
