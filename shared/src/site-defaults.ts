// The blog's identity as the owner sets it (Settings › Site), with the spec's texts as defaults. Kept apart
// from the zod schema (schemas/site.ts) so public pages read it without bundling zod.

/** A category tab of the blog home: a post belongs when one of its tags contains one of `tags`. */
export interface SiteCategory {
  name: string;
  tags: string[];
}

/** A footer link to the owner's profile on a network. */
export interface SiteSocialLink {
  network: string;
  url: string;
}

export interface SiteSettings {
  title: string;
  tagline: string;
  categories: SiteCategory[];
  /** The footer's contact address; null shows none. */
  contactEmail: string | null;
  socialLinks: SiteSocialLink[];
  /**
   * The site's icon (favicon, home-screen icon, the app's manifest): an uploaded image's
   * `/api/attachments/SHA256`; null or absent: the product's stock icon.
   */
  iconUrl?: string | null;
  /** The author's picture beside their name on posts: an uploaded image's path; null: the initial. */
  avatarUrl?: string | null;
  /** The address the site's mail comes from (its name is the site title); null or absent: MAIL_FROM's. */
  senderEmail?: string | null;
}

/** The author of every post: the owner's Profile (display name and bio), one source of truth. */
export interface SiteAuthor {
  name: string;
  bio: string;
  /** An uploaded image's `/api/attachments/SHA256`; null or absent: the name's initial. */
  avatarUrl?: string | null;
}

/** What public pages, feeds and mails read: the site settings with the author. */
export interface PublicSite extends SiteSettings {
  author: SiteAuthor;
}

export const DEFAULT_SITE: SiteSettings = {
  title: 'Private Notes',
  tagline: 'Thoughts on knowledge management, productivity, and technology',
  categories: [
    { name: 'Knowledge Management', tags: ['knowledge', 'notes'] },
    { name: 'Productivity', tags: ['productivity', 'workflow'] },
    { name: 'Technology', tags: ['tech', 'tools'] },
  ],
  // Nobody else's address or profiles: a fresh install shows none.
  contactEmail: null,
  socialLinks: [],
  iconUrl: null,
  avatarUrl: null,
};

/** Shown on posts while the Profile's bio is empty. */
export const DEFAULT_AUTHOR_BIO =
  'Writing about knowledge management, productivity and the tools that help ideas grow, from notes kept privately and offline first.';

/** The author as posts show it: the Profile's display name and bio, or the site title and the stock bio. */
export function siteAuthor(profile: { displayName: string; bio: string }, site: SiteSettings): SiteAuthor {
  return {
    name: profile.displayName.trim() || site.title,
    bio: profile.bio.trim() || DEFAULT_AUTHOR_BIO,
    avatarUrl: site.avatarUrl ?? null,
  };
}
