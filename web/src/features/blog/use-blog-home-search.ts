// The blog home's search text and tag filter, kept in the URL (?search=, ?tag=) so a result can be shared
// and the server renders it. The text box reads local state so typing never waits for a navigation.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { BlogHomeSearch } from './blog-search.ts';

export function useBlogHomeSearch() {
  // Mounted under /blog and under '/' (signed out): both routes validate these two parameters.
  const params = useSearch({ strict: false }) as BlogHomeSearch;
  const navigate = useNavigate();
  const [term, setTermState] = useState(params.search ?? '');
  // The last value this hook wrote to the URL: a URL change that differs came from elsewhere (a link, Back).
  const written = useRef(params.search ?? '');

  useEffect(() => {
    const fromUrl = params.search ?? '';
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setTermState(fromUrl);
    }
  }, [params.search]);

  const update = (next: BlogHomeSearch) => {
    written.current = next.search ?? '';
    void navigate({
      to: '.',
      search: { search: next.search || undefined, tag: next.tag || undefined } as never,
      replace: true,
      resetScroll: false,
    });
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
