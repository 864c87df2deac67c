// Head metadata of the public pages: '{page} | Private Notes', description, canonical URL, Open Graph and
// Twitter tags, and for a post its BlogPosting JSON-LD (SPEC section 9, DECISIONS: real metadata).
import { type BlogPost, descriptionText, type PublicSite, pageTitle } from '@private-notes/shared';
import { siteQuery } from '../../api/queries.ts';
import { BRAND } from '../../config/site.ts';
import type { RouterContext } from '../../router-context.ts';
import { absoluteImageUrl } from './cover-image.ts';

/** What a route's loader hands its `head`: computed once, sent to the browser with the loader data. */
export interface PublicHeadInput {
  page: string;
  description: string;
  /** Absolute origin of the site, from the router context. */
  origin: string;
  /** The canonical path ('/blog/post/3/my-post'). */
  path: string;
  image?: string | null | undefined;
  article?: ArticleFacts | undefined;
  /** The site's title (Settings › Site): the title suffix and the site name; the product's name otherwise. */
  siteTitle?: string | undefined;
}

export interface ArticleFacts {
  headline: string;
  /** The JSON-LD description: 150 characters (SPEC section 9). */
  summary: string;
  publishedAt: string | null;
  updatedAt: string;
  tags: string[];
  /** The author's name (the owner's Profile). */
  author: string;
  /** The author's picture, absolute; null when the owner has none (the page shows the initial). */
  authorImage?: string | null;
}

type MetaTag = Record<string, unknown>;

/** A public page's loader data for its head: the origin and the site's title (Settings › Site). */
export async function publicPageData(context: RouterContext): Promise<{ origin: string; siteTitle: string }> {
  const site = await context.queryClient.ensureQueryData(siteQuery(context.data));
  return { origin: context.origin, siteTitle: site.title };
}

export function publicHead(input: PublicHeadInput) {
  const brand = input.siteTitle || BRAND;
  const title = pageTitle(input.page, brand);
  const url = `${input.origin}${input.path}`;
  const image = absoluteImageUrl(input.image, input.origin);
  const meta: MetaTag[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: input.article ? 'article' : 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ];
  if (image) meta.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  const article = input.article;
  if (article) {
    if (article.publishedAt) meta.push({ property: 'article:published_time', content: article.publishedAt });
    meta.push({ property: 'article:modified_time', content: article.updatedAt });
    for (const tag of article.tags) meta.push({ property: 'article:tag', content: tag });
    meta.push({ 'script:ld+json': blogPostingJsonLd(article, url, input.origin, image, brand) });
  }
  return { meta, links: [{ rel: 'canonical', href: url }] };
}

function blogPostingJsonLd(
  article: ArticleFacts,
  url: string,
  origin: string,
  image: string | null,
  brand: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.headline,
    description: article.summary,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(image ? { image } : {}),
    datePublished: article.publishedAt ?? article.updatedAt,
    dateModified: article.updatedAt,
    author: {
      '@type': 'Person',
      name: article.author,
      url: `${origin}/about`,
      ...(article.authorImage ? { image: article.authorImage } : {}),
    },
    publisher: { '@type': 'Organization', name: brand, url: origin },
    keywords: article.tags.join(', '),
    inLanguage: 'en-US',
    isAccessibleForFree: true,
  };
}

/** A post's description: its excerpt, else the first 160 characters of its content. */
export function postDescription(post: Pick<BlogPost, 'excerpt' | 'content'>, max = 160): string {
  const excerpt = post.excerpt.replace(/\s+/g, ' ').trim();
  if (excerpt) return excerpt.length <= max ? excerpt : excerpt.slice(0, max).trimEnd();
  return descriptionText(post.content, max);
}

/** A post page's meta and Open Graph description: the owner's SEO description when set, else as above. */
export function postMetaDescription(
  post: Pick<BlogPost, 'excerpt' | 'content' | 'seoDescription'>,
  max = 160,
): string {
  return post.seoDescription?.trim() || postDescription(post, max);
}

/** The head input of a post page. */
export function postHeadInput(
  post: BlogPost,
  origin: string,
  path: string,
  site: Pick<PublicSite, 'title' | 'author'>,
): PublicHeadInput {
  return {
    siteTitle: site.title,
    page: post.title,
    description: postMetaDescription(post),
    origin,
    path,
    image: post.imageUrl,
    article: {
      headline: post.title,
      summary: postMetaDescription(post, 150),
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      tags: post.tags,
      author: site.author.name,
      // As the post shows it beside the name.
      authorImage: absoluteImageUrl(site.author.avatarUrl, origin, 320),
    },
  };
}
