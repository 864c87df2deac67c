// Settings › Site as the form edits it (tags typed comma-separated, an empty address for none) and the
// checks it shows before saving: the server's own schema, so both sides refuse the same things.
import { parseTags, type SiteSettings, SiteSettingsSchema } from '@private-notes/shared';

export interface SiteForm {
  title: string;
  tagline: string;
  contactEmail: string;
  /** The address the site's mail comes from ('' : MAIL_FROM's). */
  senderEmail: string;
  categories: { name: string; tags: string }[];
  socialLinks: { network: string; url: string }[];
  /** The uploaded icon's `/api/attachments/SHA256` ('' : the stock icon). */
  iconUrl: string;
  /** The author's picture on posts ('' : their initial). */
  avatarUrl: string;
}

export function toSiteForm(site: SiteSettings): SiteForm {
  return {
    title: site.title,
    tagline: site.tagline,
    contactEmail: site.contactEmail ?? '',
    senderEmail: site.senderEmail ?? '',
    categories: site.categories.map((c) => ({ name: c.name, tags: c.tags.join(', ') })),
    socialLinks: site.socialLinks.map((l) => ({ ...l })),
    iconUrl: site.iconUrl ?? '',
    avatarUrl: site.avatarUrl ?? '',
  };
}

export function fromSiteForm(form: SiteForm): SiteSettings {
  return {
    title: form.title.trim(),
    tagline: form.tagline.trim(),
    contactEmail: form.contactEmail.trim() || null,
    senderEmail: form.senderEmail.trim() || null,
    categories: form.categories.map((c) => ({ name: c.name.trim(), tags: parseTags(c.tags) })),
    socialLinks: form.socialLinks.map((l) => ({ network: l.network.trim(), url: l.url.trim() })),
    iconUrl: form.iconUrl || null,
    avatarUrl: form.avatarUrl || null,
  };
}

const FIELD_NAMES: Record<string, string> = {
  title: 'Site title',
  tagline: 'Tagline',
  contactEmail: 'Contact e-mail',
  senderEmail: 'Sender address',
  name: 'Name',
  tags: 'Tags',
  network: 'Network',
  url: 'Address',
  categories: 'Categories',
  socialLinks: 'Social links',
  iconUrl: 'Site icon',
  avatarUrl: 'Author picture',
};

/** Errors by field path ('title', 'categories.0.tags', 'socialLinks.1.url'), worded for the form. */
export function siteFormErrors(form: SiteForm): Record<string, string> {
  const result = SiteSettingsSchema.safeParse(fromSiteForm(form));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    const field = [...issue.path].reverse().find((p) => typeof p === 'string') ?? '';
    errors[key] ??= `${FIELD_NAMES[field] ?? field} ${issue.message}`;
  }
  return errors;
}
