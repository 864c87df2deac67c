// Counted labels shown across the app: '1 note' / '3 notes', '(1 result)', 'Showing 2 of 5 subscribers'.

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Notes screen count: '1 note' / 'N notes'. */
export function noteCountLabel(n: number): string {
  return plural(n, 'note', 'notes');
}

/** '1 post' / 'n posts' (tag tiles, All Categories panel). */
export function postCountLabel(n: number): string {
  return plural(n, 'post', 'posts');
}

/** Blog search count: '(1 result)' / '(n results)'. */
export function resultCountLabel(n: number): string {
  return `(${plural(n, 'result', 'results')})`;
}

/** Tag page count line: 'Showing 1 post tagged with "react"'. */
export function tagPostsLabel(n: number, tag: string): string {
  return `Showing ${postCountLabel(n)} tagged with "${tag}"`;
}

/** Tag page empty line: 'No posts found with tag "react"'. */
export function noTagPostsLabel(tag: string): string {
  return `No posts found with tag "${tag}"`;
}

/** Subscribers table: 'Showing 2 of 5 subscribers' (the spec's words, 'subscribers' even for one). */
export function subscribersShowingLabel(shown: number, total: number): string {
  return `Showing ${shown} of ${total} subscribers`;
}

/** Notes search empty state: 'No results for "query"'. */
export function noResultsForLabel(query: string): string {
  return `No results for "${query.trim()}"`;
}

/** Blog search heading: 'Search Results for "term"'. */
export function searchResultsHeading(term: string): string {
  return `Search Results for "${term.trim()}"`;
}
