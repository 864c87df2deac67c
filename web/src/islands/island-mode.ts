// Whether the page being rendered is an islands page: an anonymous visitor's public page, sent as HTML
// with JavaScript only for the parts that act (docs/decisions/public-islands.md). The server's render and
// every island's hydration set it, so an <Island> writes its marker in both and the markup matches.
import { createContext } from 'react';

export const IslandModeContext = createContext(false);

/** The id of the script element that carries the page's query cache for its islands. */
export const PAGE_DATA_ID = 'pn-page-data';

/** JSON that can sit inside a <script> or an attribute without closing it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
