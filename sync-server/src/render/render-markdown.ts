// Turns blog markdown into HTML that is safe to put in a public page: marked renders, sanitize-html keeps
// only an allow-list, so nothing a visitor, the owner or an AI writes can run script in a reader's browser.
import { ATTACHMENT_PATH_PREFIX, attachmentSrcset } from '@private-notes/shared/rules/attachment-markdown';
import { createHeadingIds, headingText } from '@private-notes/shared/rules/table-of-contents';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { highlightCode } from './highlight-code.ts';

const EXTERNAL_REL = 'noopener noreferrer nofollow';
const ABSOLUTE_HTTP = /^https?:\/\//i;
const ATTACHMENT_SRC = /^\/api\/attachments\/([0-9a-f]{64})$/;
/** The post column is at most this wide; the browser picks the variant for the screen from srcset. */
const IMAGE_SIZES = '(max-width: 760px) 100vw, 760px';

/** What the renderer may know of an uploaded image: its pixel size, and whether variants can be made of it. */
export interface AttachmentImageInfo {
  width: number;
  height: number;
  resizable: boolean;
}
export type AttachmentImageLookup = (sha256: string) => AttachmentImageInfo | undefined;

/** The <img> attributes of an uploaded image: size (no layout shift), srcset for resizable ones. */
export function attachmentImageAttributes(
  sha256: string,
  info: AttachmentImageInfo | undefined,
): Record<string, string> {
  if (!info) return {};
  return {
    width: String(info.width),
    height: String(info.height),
    ...(info.resizable ? { srcset: attachmentSrcset(sha256, info.width), sizes: IMAGE_SIZES } : {}),
  };
}

// Set per call, like the heading state below (parsing and sanitising are synchronous).
let imageInfo: AttachmentImageLookup = () => undefined;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A heading of the rendered content, for a table of contents that links to the ids in the HTML. */
export interface RenderedHeading {
  id: string;
  text: string;
  level: number;
}

// One parser for the process; the per-call state is swapped per call, safe because parsing is synchronous.
let headingId = createHeadingIds();
let headings: RenderedHeading[] = [];
const marked = new Marked({ gfm: true, async: false });
marked.use({
  renderer: {
    heading({ tokens, depth, text: raw }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      // Ids come from the raw heading through the shared allocator, so the contents list that
      // noteHeadings builds from the same markdown links to exactly these ids.
      // Headings without text get no id (noteHeadings skips them too, so later ids stay in step).
      const text = headingText(raw);
      if (!text) return `<h${depth}>${inner}</h${depth}>\n`;
      const id = headingId(raw);
      headings.push({ id, text, level: depth });
      return `<h${depth} id="${escapeAttribute(id)}">${inner}</h${depth}>\n`;
    },
    code({ text, lang }: Tokens.Code) {
      // Coloured as in the app's viewer; a language without a grammar stays marked's plain block.
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const coloured = language ? highlightCode(text, language) : null;
      if (coloured === null) return false;
      return `<pre><code class="hljs language-${escapeAttribute(language.toLowerCase())}">${coloured}</code></pre>\n`;
    },
  },
});

function markdownToHtml(markdown: string): { html: string; headings: RenderedHeading[] } {
  headingId = createHeadingIds();
  headings = [];
  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}

// Ids the renderer gave headings in the current call. An id written in raw HTML is dropped unless it is
// one of them: otherwise a post could clobber page globals (`<h1 id="$_TSR">` is `window.$_TSR`).
let generatedIds = new Set<string>();

function keepGeneratedId(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { id, ...rest } = attribs;
  return { tagName, attribs: id !== undefined && generatedIds.has(id) ? { ...rest, id } : rest };
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'del', 's', 'sub', 'sup', 'mark'],
    ...['a', 'img', 'figure', 'figcaption', 'abbr', 'cite', 'q', 'small', 'span', 'div'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'input'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding', 'srcset', 'sizes'],
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    code: ['class'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    abbr: ['title'],
    // GFM task lists render disabled checkboxes; nothing else of <input> survives.
    input: ['type', 'checked', 'disabled'],
  },
  // highlight.js marks code with hljs-* classes on spans (coloured by the post stylesheet); no other class.
  allowedClasses: { code: ['language-*', 'hljs'], span: ['hljs-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Content of these is dropped with the tag, so `<script>alert(1)</script>` leaves no text behind.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, keepGeneratedId])),
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      if (rest.href && ABSOLUTE_HTTP.test(rest.href))
        return { tagName, attribs: { ...rest, rel: EXTERNAL_REL } };
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => {
      const { src, srcset: _srcset, sizes: _sizes, ...rest } = attribs;
      const trimmed = src?.trim() ?? '';
      // Uploaded images by their own path, with the server's size and resized variants.
      const attachment = ATTACHMENT_SRC.exec(trimmed);
      if (attachment) {
        const sha256 = attachment[1]!;
        const extra = attachmentImageAttributes(sha256, imageInfo(sha256));
        return {
          tagName,
          attribs: {
            ...rest,
            ...extra,
            src: `${ATTACHMENT_PATH_PREFIX}${sha256}`,
            loading: 'lazy',
            decoding: 'async',
          },
        };
      }
      // Otherwise images only from absolute http(s) addresses; anything else loses its src and is then dropped.
      if (ABSOLUTE_HTTP.test(trimmed))
        return { tagName, attribs: { ...rest, src: trimmed, loading: 'lazy' } };
      return { tagName, attribs: rest };
    },
    input: (tagName, attribs) => {
      if (attribs.type !== 'checkbox') return { tagName: 'span', attribs: {} };
      return {
        tagName,
        attribs: {
          type: 'checkbox',
          disabled: '',
          ...(attribs.checked !== undefined ? { checked: '' } : {}),
        },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Markdown → sanitised HTML with stable heading ids. Pure and synchronous; safe for any input. */
export function renderMarkdown(markdown: string, images?: AttachmentImageLookup): string {
  return renderMarkdownWithHeadings(markdown, images).html;
}

/** The same HTML plus its headings (ids as in the HTML), for the post page's table of contents. */
export function renderMarkdownWithHeadings(
  markdown: string,
  images: AttachmentImageLookup = () => undefined,
): { html: string; headings: RenderedHeading[] } {
  const rendered = markdownToHtml(markdown);
  generatedIds = new Set(rendered.headings.map((h) => h.id));
  imageInfo = images;
  try {
    return { html: sanitizeHtml(rendered.html, SANITIZE_OPTIONS), headings: rendered.headings };
  } finally {
    imageInfo = () => undefined;
  }
}
