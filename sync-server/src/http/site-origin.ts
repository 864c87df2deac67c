// The origin absolute URLs are built from (RSS, sitemap, robots.txt, canonical and Open Graph links, mail
// links). PUBLIC_URL when set. Without it, the first well-formed address a request arrived at is kept for
// the life of the process: a Host header is the visitor's to choose, and reflecting each one would let
// anyone put their own site into the feed, the sitemap or a captured confirmation link.
import type { Request } from 'express';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else is ever kept. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

export class SiteOrigin {
  readonly #configured: string | null;
  #pinned: string | null = null;

  constructor(publicUrl: string | null) {
    this.#configured = publicUrl;
  }

  /** PUBLIC_URL, or the origin chosen from the first request (X-Forwarded-* counts only with TRUST_PROXY). */
  of(req: Request): string {
    if (this.#configured !== null) return this.#configured;
    if (this.#pinned !== null) return this.#pinned;
    const host = req.host; // Host, or X-Forwarded-Host from a trusted proxy
    if (host === undefined || !HOST.test(host)) return 'http://localhost';
    this.#pinned = `${req.protocol}://${host.toLowerCase()}`;
    console.warn(
      `Absolute links (feeds, sitemap, canonical links, mail) use ${this.#pinned}, the address the first ` +
        'request arrived at, until the next start. Set PUBLIC_URL to choose it.',
    );
    return this.#pinned;
  }
}
