// The blog home's search text and tag filter, kept in the URL (?search=, ?tag=) so a result can be shared
// and the server renders it. The text box reads local state so typing never waits for the URL. The URL is
// written with history.replaceState, not the router: on the public pages the home is an island, which has
// no router (docs/decisions/public-islands.md).
import { useEffect, useRef, useState } from 'react';
import type { BlogHomeSearch } from './blog-search.ts';
import { validateBlogHomeSearch } from './blog-search.ts';

function searchFromUrl(): BlogHomeSearch {
  return validateBlogHomeSearch(Object.fromEntries(new URLSearchParams(window.location.search)));
}

/** `initial`: the parameters the page was rendered with (the route's, on the server and at hydration). */
export function useBlogHomeSearch(initial: BlogHomeSearch) {
  const [params, setParams] = useState<BlogHomeSearch>(initial);
  const [term, setTermState] = useState(initial.search ?? '');
  // The last value this hook wrote to the URL: a URL change that differs came from elsewhere (Back).
  const written = useRef(initial.search ?? '');

  // In the owner's app the router may render the home again with other parameters (a link to ?tag=…).
  useEffect(() => {
    setParams({ search: initial.search, tag: initial.tag });
  }, [initial.search, initial.tag]);

  useEffect(() => {
    const onPop = () => setParams(searchFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const fromUrl = params.search ?? '';
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setTermState(fromUrl);
    }
  }, [params.search]);

  const update = (next: BlogHomeSearch) => {
    written.current = next.search ?? '';
    const clean: BlogHomeSearch = { search: next.search || undefined, tag: next.tag || undefined };
    setParams(clean);
    const url = new URL(window.location.href);
    for (const key of ['search', 'tag'] as const) {
      const value = clean[key];
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    history.replaceState(history.state, '', url);
  };

  return {
    term,
    tag: params.tag,
    setTerm(value: string) {
      setTermState(value);
      update({ search: value, tag: params.tag });
    },
    /** Choosing a tag clears the search text (SPEC section 2). */
    setTag(tag: string | undefined) {
      setTermState('');
      update({ search: undefined, tag });
    },
    clearAll() {
      setTermState('');
      update({});
    },
  };
}
