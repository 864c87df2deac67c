// What every route can read from the router context: the query cache and the public data client
// (server: the services themselves; browser: HTTP).
import type { PublicDataClient } from '@private-notes/shared';
import type { PageCache } from './api/page-cache.ts';

export interface RouterContext {
  queryClient: PageCache;
  data: PublicDataClient;
  /** The site's origin ('https://example.org'): public pages build canonical and Open Graph URLs from it. */
  origin: string;
  /**
   * Set by the server once the request matched an anonymous visitor's public page: the page is sent as
   * islands (docs/decisions/public-islands.md), with this script instead of the app's entry.
   */
  islands?: { entry: string } | undefined;
}
