// The card preview of SPEC section 9: plain text cut at 180 characters at a word boundary, then '...'.
import { stripMarkdown } from './strip-markdown.ts';

export const PREVIEW_MAX = 180;
export const ELLIPSIS = '...';

/** Plain text on one line: markdown removed, whitespace collapsed, trimmed. */
export function plainText(content: string): string {
  return stripMarkdown(content).replace(/\s+/g, ' ').trim();
}

/**
 * At most `max` characters of plain text; when longer, cut after the last whole word that fits and followed
 * by '...'. A single word longer than `max` is cut inside the word.
 */
export function previewText(content: string, max: number = PREVIEW_MAX): string {
  // Only the head of a long note can reach the preview, so a 100 KB note is not stripped whole on every render.
  const head = headOf(content, max);
  let text = plainText(head);
  // The head was mostly markup (a long link or code fence): fall back to the whole content.
  if (text.length <= max && head !== content) text = plainText(content);
  return text.length <= max ? text : cut(text, max);
}

function cut(text: string, max: number): string {
  const window = text.slice(0, max + 1);
  const lastSpace = window.lastIndexOf(' ');
  const body = lastSpace > 0 ? window.slice(0, lastSpace) : text.slice(0, max);
  return `${body.trimEnd().replace(/[\s,;:.!?-]+$/, '')}${ELLIPSIS}`;
}

/** The page description fallback of SPEC section 9: the first `max` characters of the content's plain text. */
export function descriptionText(content: string, max = 160): string {
  const head = headOf(content, max);
  const text = plainText(head);
  return (text.length < max && head !== content ? plainText(content) : text).slice(0, max).trimEnd();
}

/**
 * A post's page description: its excerpt when it has one, else the first `max` characters of its content
 * (160 for meta tags, 150 for structured data, SPEC section 9).
 */
export function postDescription(post: { excerpt?: string | null; content: string }, max = 160): string {
  const excerpt = post.excerpt ? plainText(post.excerpt) : '';
  return excerpt ? excerpt.slice(0, max).trimEnd() : descriptionText(post.content, max);
}

// Ends at a line break, so no link or image is cut in half (their syntax never spans lines).
function headOf(content: string, max: number): string {
  const limit = max * 4 + 2000;
  if (content.length <= limit) return content;
  const lineEnd = content.indexOf('\n', limit);
  return lineEnd === -1 ? content : content.slice(0, lineEnd);
}
