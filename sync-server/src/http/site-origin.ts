// The origin absolute URLs are built from (RSS, sitemap, robots.txt, canonical and Open Graph links, mail
// links). PUBLIC_URL when set. Without it, never an anonymous request's Host or X-Forwarded-Host: those
// are the visitor's to choose, and the first such request once decided the links everyone got (the
// feed, the sitemap, a captured confirmation link) until the next start. Instead:
// - the address the owner signs in at (each sign-in), or, until one, the address of the first request
//   the owner makes signed in; kept in the store, so it outlives a restart and every instance shares it;
// - before the owner has ever been seen, the address the server listens on (HOST and PORT; a wildcard
//   HOST is `localhost`).
// The owner's browser only sends the session cookie to the site it was set by, so a stranger cannot make
// a signed-in request arrive under an address of their choosing.
import type { AddressInfo } from 'node:net';
import type { Request } from 'express';
import type { Store } from '../storage/index.ts';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else is ever kept. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
/** Where the learned origin is kept in the store. */
export const SITE_ORIGIN_META = 'siteOrigin';
const UNKNOWN = 'http://localhost';

/** The origin of the address a server listening at `address` is reached at from this machine. */
export function listeningOrigin(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return UNKNOWN;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export class SiteOrigin {
  readonly #configured: string | null;
  readonly #store: Store | null;
  #listening: string | null = null;
  #last: string | null = null;
  readonly #changed: (() => void)[] = [];

  constructor(publicUrl: string | null, store: Store | null = null) {
    this.#configured = publicUrl;
    this.#store = store;
  }

  /** PUBLIC_URL, else the owner's address, else the listening address (see the file's comment). */
  of(): string {
    const origin =
      this.#configured ?? this.#store?.getMeta<string>(SITE_ORIGIN_META) ?? this.#listening ?? UNKNOWN;
    if (origin !== this.#last) {
      // Another instance, or this one, learned a new address: what was built with the old one is stale.
      const first = this.#last === null;
      this.#last = origin;
      if (!first) for (const listener of this.#changed) listener();
    }
    return origin;
  }

  /** Runs `listener` when the origin changes (replayed answers embedding the old one are dropped). */
  onChange(listener: () => void): void {
    this.#changed.push(listener);
  }

  /** The server listens at `address`: the origin until the owner has been seen. */
  listeningAt(address: AddressInfo | string | null): void {
    this.#listening ??= listeningOrigin(address);
  }

  /**
   * A request the owner made signed in (or a sign-in, `signIn`): its address becomes the site's when none
   * was learned yet, or, for a sign-in, when it differs. Only the signed-in owner's requests come here.
   */
  async learnFrom(req: Request, signIn: boolean): Promise<void> {
    if (this.#configured !== null || this.#store === null) return;
    const host = req.host; // Host, or X-Forwarded-Host from a trusted proxy
    if (host === undefined || !HOST.test(host)) return;
    const origin = `${req.protocol}://${host.toLowerCase()}`;
    const known = this.#store.getMeta<string>(SITE_ORIGIN_META);
    if (known === origin || (known !== undefined && known !== null && !signIn)) return;
    await this.#store
      .write((tx) => tx.setMeta(SITE_ORIGIN_META, origin))
      .then(() => {
        console.warn(
          `Absolute links (feeds, sitemap, canonical links, mail) now use ${origin}, the address the owner ` +
            'signed in at. Set PUBLIC_URL to choose it.',
        );
        // Tells the listeners now: replays of feeds built with the old address must stop at once.
        this.of();
      })
      // A store refusing writes (a full disk) keeps the address it had: nothing else depends on this one.
      .catch(() => {});
  }
}
