// Links from a note's markdown to files beside it, both ways. On import: relative images and file links
// (`![](img.png)`, `[doc](../_resources/a%20b.pdf)`, Obsidian's `![[x.png]]` and `[[doc.pdf]]`) are found with
// their exact place in the text, so each can be swapped for an attachment's address and nothing else moves. On
// export: links to `/api/attachments/SHA` are pointed at the file's place in the zip. Code blocks and inline code
// are left alone: a link written inside them is text, not a link.
import { attachmentHashOf } from '../rules/attachment-markdown.ts';

export interface FileLink {
  /** `markdown`: `[text](target)`; `wiki`: Obsidian's `[[target|alias]]`. */
  kind: 'markdown' | 'wiki';
  /** `![…](…)` or `![[…]]`: shown in place rather than linked. */
  embed: boolean;
  /** The whole link in the text: [start, end). */
  start: number;
  end: number;
  /** Where the target sits in the text (markdown links only; for wiki links the whole link is replaced). */
  targetStart: number;
  targetEnd: number;
  /** The link text or alt text (for wiki links the alias, or ''). */
  text: string;
  /** The target as written (without the `<…>` a markdown destination may be wrapped in). */
  target: string;
}

const NOTE_EXTENSION = /\.(md|markdown|mdown|mkd|txt)$/i;
const HAS_EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

// `![alt](<dest> "title")` or `[text](dest 'title')`; destinations may hold one level of balanced parentheses.
const MARKDOWN_LINK =
  /(!?)\[((?:\\.|[^\]\\\n])*)\]\(([ \t]*)(<[^>\n]*>|(?:[^\s()<>\\]|\\.|\([^\s()]*\))+)((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*)\)/g;
const WIKI_LINK = /(!?)\[\[([^\]|#\n]+)(#[^\]|\n]*)?(?:\|([^\]\n]*))?\]\]/g;
const FENCE = /^( {0,3})(`{3,}|~{3,})/;

/** Ranges of fenced code blocks and inline code spans, where nothing is a link. */
function codeRanges(content: string): [number, number][] {
  const ranges: [number, number][] = [];
  let offset = 0;
  let fence: { marker: string; start: number } | null = null;
  for (const line of content.split('\n')) {
    const match = FENCE.exec(line);
    if (fence === null && match) fence = { marker: match[2]!, start: offset };
    else if (
      fence !== null &&
      match &&
      match[2]![0] === fence.marker[0] &&
      match[2]!.length >= fence.marker.length
    ) {
      ranges.push([fence.start, offset + line.length]);
      fence = null;
    }
    offset += line.length + 1;
  }
  if (fence !== null) ranges.push([fence.start, content.length]);
  for (const span of content.matchAll(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g)) {
    ranges.push([span.index, span.index + span[0].length]);
  }
  return ranges;
}

/** Every markdown and wiki link outside code, in text order. */
export function findLinks(content: string): FileLink[] {
  const code = codeRanges(content);
  const inCode = (at: number) => code.some(([from, to]) => at >= from && at < to);
  const links: FileLink[] = [];
  for (const match of content.matchAll(MARKDOWN_LINK)) {
    if (inCode(match.index)) continue;
    const raw = match[4]!;
    const targetStart = match.index + match[1]!.length + match[2]!.length + 3 + match[3]!.length;
    links.push({
      kind: 'markdown',
      embed: match[1] === '!',
      start: match.index,
      end: match.index + match[0].length,
      targetStart,
      targetEnd: targetStart + raw.length,
      text: match[2]!,
      target: raw.startsWith('<') ? raw.slice(1, -1) : raw.replace(/\\(.)/g, '$1'),
    });
  }
  for (const match of content.matchAll(WIKI_LINK)) {
    if (inCode(match.index)) continue;
    links.push({
      kind: 'wiki',
      embed: match[1] === '!',
      start: match.index,
      end: match.index + match[0].length,
      targetStart: match.index,
      targetEnd: match.index + match[0].length,
      text: (match[4] ?? '').trim(),
      target: match[2]!.trim(),
    });
  }
  // A wiki link inside a markdown link's text (or the reverse) is one link: the outer one wins.
  links.sort((a, b) => a.start - b.start);
  return links.filter((link, i) => i === 0 || link.start >= links[i - 1]!.end);
}

/**
 * The file a link points at, as a decoded relative path without query or fragment; null for what is not a file
 * beside the note: web and mail addresses, anchors, absolute paths, links to other notes, names without a type.
 */
export function linkedFilePath(link: FileLink): string | null {
  const target = link.target.trim();
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || /^[#/\\]/.test(target)) return null;
  let path = link.kind === 'markdown' ? target.replace(/[?#].*$/, '') : target;
  if (link.kind === 'markdown') {
    try {
      path = decodeURIComponent(path);
    } catch {
      // A stray % is part of the name.
    }
  }
  path = path.replace(/\\/g, '/');
  const name = path.split('/').pop() ?? '';
  if (!HAS_EXTENSION.test(name) || NOTE_EXTENSION.test(name)) return null;
  return path;
}

/** `target` seen from the file at `fromFile`, both relative to the same root; null when it climbs above it. */
export function resolveRelativePath(fromFile: string, target: string): string | null {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** Replaces each link for which `replace` gives text (whole wiki links, markdown targets only); others stay. */
export function replaceLinks(
  content: string,
  links: readonly FileLink[],
  replace: (link: FileLink) => string | null,
): string {
  let out = '';
  let at = 0;
  for (const link of links) {
    const replacement = replace(link);
    if (replacement === null) continue;
    out += content.slice(at, link.targetStart) + replacement;
    at = link.targetEnd;
  }
  return out + content.slice(at);
}

/** A zip path as a markdown destination: the characters that would end or bend the link are percent-encoded. */
export function encodeLinkPath(path: string): string {
  return path.replace(
    /[%\s()[\]<>#?\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * A note's text for the export: links to attachments (`/api/attachments/SHA`, with or without a host or `?w=`)
 * become relative links to the exported file; links to files not in the export stay as they are.
 */
export function exportAttachmentLinks(
  content: string,
  pathOf: (sha256: string) => string | undefined,
): string {
  const links = findLinks(content).filter((link) => link.kind === 'markdown');
  return replaceLinks(content, links, (link) => {
    const sha256 = attachmentHashOf(link.target);
    const path = sha256 === null ? undefined : pathOf(sha256);
    return path === undefined ? null : encodeLinkPath(path);
  });
}
