// The blog's language as feeds and crawlers see it; its name and tagline are Settings › Site
// (services/site-service.ts).
export const SITE_LANGUAGE = 'en-US';
