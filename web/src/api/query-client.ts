// One page cache per page load in the browser, one per request on the server (its rules: page-cache.ts,
// SPEC section 7).
import { PageCache } from './page-cache.ts';

export { UNUSED_ENTRY_MS } from './page-cache.ts';

export function createQueryClient(): PageCache {
  return new PageCache();
}
