// Page metadata for a route's `head`: '{page} | Private Notes' titles (public pages: the site's own title),
// a description, Open Graph basics.
import { pageTitle } from '@private-notes/shared';
import { BRAND, DEFAULT_DESCRIPTION } from './site.ts';

export function pageHead(page: string, description: string = DEFAULT_DESCRIPTION, brand = BRAND) {
  const title = pageTitle(page, brand);
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:site_name', content: brand },
    ],
  };
}
