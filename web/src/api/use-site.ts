// The site's identity (Settings › Site) and author (the owner's Profile) for any component: the root route
// loads it with every page, so it is there on the server and at hydration; the defaults cover an offline
// start before the first answer.
import { DEFAULT_SITE, type PublicSite } from '@private-notes/shared';
import { siteQuery } from './queries.ts';
import { useDataClient } from './use-data-client.ts';
import { useQuery } from './use-query.ts';

// Only before any answer (an offline first start): the server's answer carries the author's real bio.
const FALLBACK: PublicSite = { ...DEFAULT_SITE, author: { name: DEFAULT_SITE.title, bio: '' } };

export function useSite(): PublicSite {
  const data = useDataClient();
  return useQuery(siteQuery(data)).data ?? FALLBACK;
}
