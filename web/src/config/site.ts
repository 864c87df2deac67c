// The product's own name and the app's default metadata. The blog's title, tagline, contact address and
// social links are the owner's (Settings › Site, read with useSite()).
export const BRAND = 'Private Notes';
export const DEFAULT_TITLE = 'Private Notes: your knowledge, organised and private';
export const DEFAULT_DESCRIPTION =
  'A self-hosted, offline-first notes app with AI study helpers, a public blog and a newsletter.';
