// Search parameters of the public blog screens, validated where the routes are declared.
import { optionalText } from '../../lib/search-params.ts';

export interface BlogHomeSearch {
  search?: string | undefined;
  tag?: string | undefined;
}

/** /blog (and / when signed out): optional search text and tag filter. */
export function validateBlogHomeSearch(search: Record<string, unknown>): BlogHomeSearch {
  return { search: optionalText(search.search), tag: optionalText(search.tag, 50) };
}

/** /unsubscribe?email=… prefills the field. */
export function validateUnsubscribeSearch(search: Record<string, unknown>): { email?: string | undefined } {
  return { email: optionalText(search.email, 254) };
}
