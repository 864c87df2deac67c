// Brand, contact and social links of this installation. Override at build time with VITE_* variables.
export const BRAND = 'Private Notes';
export const DEFAULT_TITLE = 'Private Notes: your knowledge, organised and private';
export const DEFAULT_DESCRIPTION =
  'A self-hosted, offline-first notes app with AI study helpers, a public blog and a newsletter.';

const env = import.meta.env;

export const CONTACT_EMAIL: string = env.VITE_CONTACT_EMAIL || 'hello@privatenotes.dev';

export const SOCIAL_LINKS: ReadonlyArray<{ network: string; href: string }> = [
  { network: 'GitHub', href: env.VITE_SOCIAL_GITHUB || 'https://github.com/' },
  { network: 'Mastodon', href: env.VITE_SOCIAL_MASTODON || 'https://mastodon.social/' },
  { network: 'LinkedIn', href: env.VITE_SOCIAL_LINKEDIN || 'https://www.linkedin.com/' },
  { network: 'X', href: env.VITE_SOCIAL_X || 'https://x.com/' },
];
