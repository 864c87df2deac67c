// The blog's identity as feeds and crawlers see it: one place for the name, tagline and language.
export const SITE_NAME = 'Private Notes';
export const SITE_DESCRIPTION = 'Thoughts on knowledge management, productivity, and technology';
export const SITE_LANGUAGE = 'en-US';
