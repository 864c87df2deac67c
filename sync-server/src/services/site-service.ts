// Settings › Site: the blog's title, tagline, category tabs and footer links, stored once for the
// installation (the spec's texts until first saved). The author is the owner's Profile, read here so
// pages, feeds and mails have one source for both.
import {
  attachmentHashOf,
  DEFAULT_SITE,
  type PublicSite,
  type SiteSettings,
  siteAuthor,
} from '@private-notes/shared';
import { ownerSettings } from '../mail/owner.ts';
import type { SiteRecord, Store } from '../storage/index.ts';
import type { SettingsService } from './settings-service.ts';

/** One record per installation under a fixed id, so two instances saving at once never make two. */
const SITE_RECORD_ID = 1;

function withoutId(record: SiteRecord): SiteSettings {
  const { id: _id, ...site } = record;
  return { ...DEFAULT_SITE, ...site };
}

/** The site settings as stored (or the defaults): for mails and feeds that hold the store, not the service. */
export function storedSite(store: Pick<Store, 'get'>): SiteSettings {
  const record = store.get('site', SITE_RECORD_ID);
  return record ? withoutId(record) : structuredClone(DEFAULT_SITE);
}

/** The attachment the site's icon is cut from, if the owner uploaded one. */
export function siteIconHash(store: Pick<Store, 'get'>): string | null {
  return attachmentHashOf(storedSite(store).iconUrl ?? null);
}

/** The images the site itself shows (its icon, the author's avatar): public, and never collected. */
export function siteImageHashes(store: Pick<Store, 'get'>): string[] {
  const site = storedSite(store);
  return [site.iconUrl, site.avatarUrl].flatMap((url) => attachmentHashOf(url ?? null) ?? []);
}

export class SiteService {
  readonly #store: Store;
  readonly #settings: SettingsService;

  constructor(store: Store, settings: SettingsService) {
    this.#store = store;
    this.#settings = settings;
  }

  get(): SiteSettings {
    return storedSite(this.#store);
  }

  /** What visitors see: the settings and the author from the owner's Profile. */
  publicSite(): PublicSite {
    // The sender address is the mail's business, not the pages'.
    const { senderEmail: _sender, ...site } = this.get();
    const profile = ownerSettings(this.#store, this.#settings) ?? { displayName: '', bio: '' };
    return { ...site, author: siteAuthor(profile, site) };
  }

  /** Replaces the whole validated object; public pages show it from the next request on. */
  async put(site: SiteSettings): Promise<SiteSettings> {
    const record = await this.#store.write((tx) => tx.put('site', { ...site, id: SITE_RECORD_ID }));
    return withoutId(record);
  }
}
