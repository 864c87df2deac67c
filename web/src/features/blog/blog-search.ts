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

/** A token from a mail's link: long enough for any signed token the server makes, short enough to refuse junk. */
const TOKEN_MAX = 512;

export interface UnsubscribeSearch {
  email?: string | undefined;
  token?: string | undefined;
}

/** /unsubscribe?email=… prefills the field; ?token=… (a newsletter footer's link) needs no address. */
export function validateUnsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  return { email: optionalText(search.email, 254), token: optionalText(search.token, TOKEN_MAX) };
}

/** /subscribe/confirm?token=… (the confirmation mail's link). */
export function validateConfirmSearch(search: Record<string, unknown>): { token?: string | undefined } {
  return { token: optionalText(search.token, TOKEN_MAX) };
}
