// "Convert to Blog Post" without a model: the note cleaned up into a post — a title, an introduction, the
// note's sections under '## ' headings, key takeaways — with an excerpt, tags and a reading time.

import { previewText } from '../rules/preview-text.ts';
import { readingTime } from '../rules/reading-time.ts';
import { POST_EXCERPT_MAX, POST_TITLE_MAX } from '../schemas/blog-post.ts';
import { TAG_MAX, TAGS_MAX } from '../schemas/common.ts';
import { DEFAULT_NOTE_TITLE } from '../schemas/note.ts';
import { keyPointsOfParsedNote } from './key-points.ts';
import { cleanInline, type ParsedNote, parseNote } from './parse-note.ts';
import { tagsOfParsedNote } from './suggest-tags.ts';

export interface BlogNoteInput {
  id?: number | null;
  title: string;
  content: string;
  tags?: readonly string[];
}

export interface BlogDraft {
  title: string;
  excerpt: string;
  /** Markdown: an introduction, then sections under '## ' headings. */
  content: string;
  tags: string[];
  readTime: number;
  sourceNoteId: number | null;
}

const EXCERPT_LENGTH = 220;
const BLOG_TAGS = 5;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

export function draftBlogPost(note: BlogNoteInput): BlogDraft {
  const lines = note.content.replace(/<!--[\s\S]*?-->/g, '').split(/\r\n?|\n/);
  const title = pickTitle(note.title, lines);
  const { body, firstHeading: introEnd } = cleanBody(lines, title);
  const lead = (introEnd === -1 ? body : body.slice(0, introEnd)).join('\n').trim();
  const rest = introEnd === -1 ? '' : body.slice(introEnd).join('\n').trim();
  const parsed = note.content.trim() ? parseNote(note.content) : null;
  const points = parsed ? keyPointsOfParsedNote(parsed, 5) : [];

  const parts: string[] = [];
  // The note's own opening paragraph introduces the post. Without one the post opens with its first section:
  // an introduction made of the note's central sentences repeated them a few lines below (issue 35).
  const intro = lead;
  if (intro) parts.push(intro);
  if (rest) parts.push(rest);
  const wordCount = note.content.split(/\s+/).filter(Boolean).length;
  if (points.length >= 3 && wordCount >= 150) {
    parts.push(`## Key takeaways\n\n${points.map((p) => `- ${p}`).join('\n')}`);
  }
  const content = parts.join('\n\n').trim();
  return {
    title,
    excerpt: previewText(intro || content, Math.min(EXCERPT_LENGTH, POST_EXCERPT_MAX)),
    content,
    tags: pickTags(note, parsed),
    readTime: readingTime(content),
    sourceNoteId: note.id ?? null,
  };
}

function pickTitle(noteTitle: string, lines: string[]): string {
  const given = noteTitle.trim();
  if (given && given !== DEFAULT_NOTE_TITLE) return given.slice(0, POST_TITLE_MAX);
  for (const line of lines) {
    const heading = HEADING.exec(line);
    if (heading) return cleanInline(heading[2] ?? '').slice(0, POST_TITLE_MAX) || DEFAULT_NOTE_TITLE;
  }
  const first = previewText(lines.join('\n'), 80);
  return first || DEFAULT_NOTE_TITLE;
}

/** Headings shifted so the shallowest becomes '##', list markers unified, task boxes and extra blank lines gone. */
function cleanBody(lines: string[], title: string): { body: string[]; firstHeading: number } {
  let firstHeading = -1;
  let inFence = false;
  const levels = lines.flatMap((l) => {
    const h = HEADING.exec(l);
    return h && cleanInline(h[2] ?? '') !== title ? [h[1]!.length] : [];
  });
  const shift = 2 - (levels.length > 0 ? Math.min(...levels) : 2);
  const out: string[] = [];
  for (const raw of lines) {
    let line = raw.replace(/\s+$/, '');
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && !FENCE.test(line)) {
      const heading = HEADING.exec(line);
      if (heading) {
        const text = heading[2] ?? '';
        // The note's own title heading would repeat the post title.
        if (cleanInline(text) === title && out.every((l) => l === '')) continue;
        const level = Math.min(6, Math.max(2, heading[1]!.length + shift));
        if (out.length > 0 && out[out.length - 1] !== '') out.push('');
        if (firstHeading === -1) firstHeading = out.length;
        out.push(`${'#'.repeat(level)} ${text}`);
        out.push('');
        continue;
      }
      line = line.replace(/^(\s*)[*+](\s+)/, '$1-$2').replace(/^(\s*[-*+]\s+)\[[ xX]\]\s+/, '$1');
    }
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return { body: out, firstHeading };
}

function pickTags(note: BlogNoteInput, parsed: ParsedNote | null): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  const add = (tag: string) => {
    const t = tag.trim();
    if (!t || t.length > TAG_MAX || seen.has(t.toLowerCase()) || tags.length >= TAGS_MAX) return;
    seen.add(t.toLowerCase());
    tags.push(t);
  };
  for (const tag of note.tags ?? []) add(tag);
  if (tags.length < 3 && parsed)
    for (const tag of tagsOfParsedNote(parsed, note.tags ?? [], BLOG_TAGS)) add(tag);
  return tags.slice(0, Math.max(BLOG_TAGS, (note.tags ?? []).length));
}
