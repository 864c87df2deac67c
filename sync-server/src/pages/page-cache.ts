// Server-rendered public pages for anonymous visitors, kept while the data they were rendered from is
// unchanged (the blog's content version). Repeat visits get the same bytes: a stable ETag, so browsers
// and proxies revalidate with a 304, and the server skips rendering.
export class PageCache<Page> {
  readonly #pages = new Map<string, Page>();
  readonly #max: number;

  constructor(max = 200) {
    this.#max = max;
  }

  /** Pages held (each address once per content version). */
  get size(): number {
    return this.#pages.size;
  }

  #key(version: number, url: string): string {
    return `${version}\0${url}`;
  }

  get(version: number, url: string): Page | undefined {
    const key = this.#key(version, url);
    const page = this.#pages.get(key);
    if (page) {
      // Most recently used last, so the oldest entry is the first to go.
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  set(version: number, url: string, page: Page): void {
    this.#pages.set(this.#key(version, url), page);
    while (this.#pages.size > this.#max) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) break;
      this.#pages.delete(oldest);
    }
  }
}
