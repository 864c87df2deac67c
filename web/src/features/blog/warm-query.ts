// Route loaders of the list pages: the server waits for the data (it renders the page with it); the
// browser starts the fetch and shows the page at once with its skeletons, instead of holding the click.
import type { PageCache, QueryOptions } from '../../api/page-cache.ts';

export async function warmQuery(
  queryClient: PageCache,
  // biome-ignore lint/suspicious/noExplicitAny: any query's options, as prefetchQuery takes them
  options: QueryOptions<any, any>,
): Promise<void> {
  const fetching = queryClient.prefetchQuery(options);
  if (typeof document === 'undefined') await fetching;
}
