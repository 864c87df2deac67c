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

/** How a confirmation posted without JavaScript went (the server redirects to the page with it). */
export const CONFIRM_RESULTS = ['confirmed', 'invalid', 'limited'] as const;
export type ConfirmResult = (typeof CONFIRM_RESULTS)[number];

/** /subscribe/confirm?token=… (the confirmation mail's link), and &result=… after a form post. */
export function validateConfirmSearch(search: Record<string, unknown>): {
  token?: string | undefined;
  result?: ConfirmResult | undefined;
} {
  const result = CONFIRM_RESULTS.find((r) => r === search.result);
  return { token: optionalText(search.token, TOKEN_MAX), result };
}
