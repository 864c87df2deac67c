// Markdown (and stray HTML) reduced to the plain text a reader sees: for card previews, descriptions and headings.

const WIKI_EMBED_RE = /!\[\[[^[\]\n]*\]\]/g;
const WIKI_LINK_RE = /\[\[([^[\]\n|]+?)(?:\|([^[\]\n]+?))?\]\]/g;

/** A [[link]]'s shown text (the grammar of links/wikilinks.ts): its label, else the note's name. */
function wikiLinkText(_match: string, target: string, label: string | undefined): string {
  if (label?.trim()) return label.trim();
  const hash = target.indexOf('#');
  const title = (hash === -1 ? target : target.slice(0, hash)).trim().replace(/\.md$/i, '').trim();
  return title.slice(title.lastIndexOf('/') + 1).trim() || target.trim();
}

/**
 * Inline syntax only: [[links]] (as their text; embeds go), emphasis, code spans, links, images, HTML tags
 * and entities. Keeps line breaks.
 */
export function stripInlineMarkdown(text: string): string {
  return (
    text
      .replace(WIKI_EMBED_RE, '')
      .replace(WIKI_LINK_RE, wikiLinkText)
      // Images go entirely: their alt text reads badly in the middle of a sentence.
      .replace(/!\[[^\]\n]*\]\([^)\n]*\)/g, '')
      .replace(/!\[[^\]\n]*\]\[[^\]\n]*\]/g, '')
      .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      .replace(/\[([^\]\n]+)\]\[[^\]\n]*\]/g, '$1')
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/`+/g, '')
      .replace(/~~/g, '')
      .replace(/\*+/g, '')
      // Underscores only at word edges: snake_case identifiers keep theirs.
      .replace(/(^|[^\p{L}\p{N}])_+/gu, '$1')
      .replace(/_+(?=[^\p{L}\p{N}]|$)/gu, '')
  );
}

/**
 * Block syntax (headings, list markers, blockquotes, fences, rules, reference definitions, table rules)
 * and then inline syntax removed. Line breaks are kept; callers collapse whitespace if they want one line.
 */
export function stripMarkdown(markdown: string): string {
  // [[links]] first: a label's "|" is not a table's.
  const lines = markdown
    .replace(WIKI_EMBED_RE, '')
    .replace(WIKI_LINK_RE, wikiLinkText)
    .split(/\r\n?|\n/);
  const out: string[] = [];
  for (const raw of lines) {
    let line = raw;
    if (/^ {0,3}(```|~~~)/.test(line)) continue;
    if (/^ {0,3}([-*_])( *\1){2,} *$/.test(line)) continue;
    if (/^ {0,3}\[[^\]]+\]:\s+\S/.test(line)) continue;
    if (/^ {0,3}\|?( *:?-+:? *\|)+ *:?-*:? *\|? *$/.test(line)) continue;
    if (/^ {0,3}(=+|-+) *$/.test(line)) continue;
    line = line.replace(/^(\s{0,3}>\s?)+/, '');
    line = line.replace(/^\s{0,3}#{1,6}(\s+|$)/, '').replace(/\s+#+\s*$/, '');
    line = line.replace(/^\s*([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '');
    line = line.replace(/^\s*\|\s*/, '').replace(/\s*\|\s*/g, ' ');
    out.push(line);
  }
  return stripInlineMarkdown(out.join('\n'));
}
