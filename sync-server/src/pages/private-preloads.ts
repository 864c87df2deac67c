// Owner's pages whose data the browser may start fetching with the page itself (a Link preload header):
// otherwise the request waits for the app's script, the session check and the screen's chunk.
import { API } from '@private-notes/shared';

/** Page path → the GET answers its screen reads on arrival (exactly as the API client requests them). */
const PRELOADS: Record<string, readonly string[]> = {
  // 10,000 subscribers are ~1.8 MB of JSON: the biggest wait on any owner's screen.
  '/admin/subscribers': [API.adminSubscribers],
};

/**
 * The Link header value for a signed-in owner's page, or null. `crossorigin=use-credentials` matches the
 * API client's `fetch(…, { credentials: 'include' })`, so the browser hands the preloaded answer to it.
 */
export function privatePreloadLinks(pathname: string): string | null {
  const paths = PRELOADS[pathname.replace(/\/+$/, '') || '/'];
  if (!paths) return null;
  return paths.map((p) => `<${p}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', ');
}
