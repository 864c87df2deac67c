// Previous and Next post cards on the post page, taken from the order of the posts list (SPEC section 2).

export function adjacentPosts<T extends { id: number }>(
  posts: readonly T[],
  id: number,
): { previous: T | null; next: T | null } {
  const index = posts.findIndex((p) => p.id === id);
  if (index === -1) return { previous: null, next: null };
  return { previous: posts[index - 1] ?? null, next: posts[index + 1] ?? null };
}
