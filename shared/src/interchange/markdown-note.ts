// One note as one markdown file, both ways. Written: YAML front matter in a fixed key order (title, id, created,
// updated, tags, post), dates in RFC 3339 UTC, then the note's markdown unchanged. Read (this product's export,
// an Obsidian vault, Joplin's "Markdown + Front Matter"): title from the front matter, else the first "# "
// heading, else the file name; the usual aliases for dates and tags; every oddity reported, nothing guessed.
// Links to files beside the note stay in the text here; the import finds them with file-links.ts.
import { parse as parseYaml } from 'yaml';
import { TAG_MAX, TAGS_MAX } from '../schemas/common.ts';
import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX } from '../schemas/note.ts';
import { parseLooseDate, toRfc3339Utc } from './rfc3339.ts';
import { parseSimpleFrontMatter } from './simple-front-matter.ts';

export interface ExportableNote {
  /** The note's client id, the same on every device: a re-import recognises the note by it. */
  id: string;
  title: string;
  content: string;
  tags: readonly string[];
  createdAt: string;
  updatedAt: string;
  /** Address of the blog post made from this note, when there is one. */
  post?: string | undefined;
}

// Words YAML would read as something other than a string (booleans, null) if left unquoted.
const YAML_SPECIAL = /^(true|false|yes|no|on|off|y|n|null|~)$/i;

/**
 * One YAML scalar: plain when it can only be read back as the same string, else double-quoted with JSON's
 * escapes (a JSON string is a valid YAML double-quoted scalar). Written by hand because the general YAML
 * writer took a third of a 10,000-note export; the round trip is checked with the YAML reader in the tests.
 */
export function yamlScalar(value: string): string {
  const plain =
    /^[A-Za-z0-9_][A-Za-z0-9_ .,()'/+-]*$/.test(value) &&
    !/ $/.test(value) &&
    !YAML_SPECIAL.test(value) &&
    !/^[0-9+-.][0-9_.eE+-]*$/.test(value) &&
    !/^0[xo]/i.test(value);
  if (plain) return value;
  // Dates written by this export (RFC 3339) are plain too: readers see them as text or as dates, never as numbers.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) return value;
  return JSON.stringify(value);
}

/** The file's text: front matter in a fixed key order, a blank line, the content. */
export function noteToMarkdown(note: ExportableNote): string {
  const lines = [
    '---',
    `title: ${yamlScalar(note.title)}`,
    `id: ${yamlScalar(note.id)}`,
    `created: ${toRfc3339Utc(note.createdAt)}`,
    `updated: ${toRfc3339Utc(note.updatedAt)}`,
  ];
  if (note.tags.length === 0) lines.push('tags: []');
  else lines.push('tags:', ...note.tags.map((tag) => `  - ${yamlScalar(tag)}`));
  if (note.post) lines.push(`post: ${yamlScalar(note.post)}`);
  lines.push('---', '', note.content);
  return lines.join('\n');
}

export interface ImportedNote {
  title: string;
  content: string;
  tags: string[];
  createdAt: string | null;
  updatedAt: string | null;
  /** The `id` of this product's export, used to recognise a note already here. */
  exportedId: string | null;
}

export type ParsedNote = { ok: true; note: ImportedNote; warnings: string[] } | { ok: false; error: string };

const FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;

function baseName(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? path;
  return file.replace(/\.(md|markdown|txt)$/i, '');
}

function firstHeading(content: string): string | null {
  const match = /^#[ \t]+(.+?)[ \t#]*$/m.exec(content);
  return match ? match[1]!.trim() : null;
}

/** Tags from front matter or another app: a list or a comma/space separated text, cleaned to this product's limits. */
export function cleanTags(value: unknown, warnings: string[]): string[] {
  let raw: unknown[] = [];
  if (Array.isArray(value)) raw = value;
  else if (typeof value === 'string') raw = value.split(/[,\s]+/);
  else if (value !== undefined && value !== null) warnings.push('tags: not a list, left out');
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (typeof item !== 'string' && typeof item !== 'number') continue;
    // Obsidian writes tags with or without '#'; nested tags ("project/alpha") stay whole.
    const tag = String(item).trim().replace(/^#/, '');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    if (tag.length > TAG_MAX) {
      warnings.push(`tag "${tag.slice(0, 20)}…" is longer than ${TAG_MAX} characters, left out`);
      continue;
    }
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > TAGS_MAX) {
    warnings.push(`${tags.length} tags: only the first ${TAGS_MAX} were kept`);
    tags.length = TAGS_MAX;
  }
  return tags;
}

/**
 * Obsidian's inline tags: "#tag" at the start of a line or after a space, letters, digits, "_", "-" and "/"
 * (nested tags), at least one of them not a digit ("#1" is a number); none in code. Headings ("# Title") are
 * not tags: their "#" is followed by a space.
 */
export function inlineTags(content: string): string[] {
  const tags: string[] = [];
  let fenced = false;
  for (const line of content.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || /^( {4}|\t)/.test(line)) continue;
    const text = line.replace(/`[^`\n]*`/g, ' ');
    for (const match of text.matchAll(/(?:^|\s)#([\p{L}\p{N}_\-/]+)/gu)) {
      const tag = match[1]!.replace(/^\/+|\/+$/g, '');
      if (tag && !/^[\d/]+$/.test(tag)) tags.push(tag);
    }
  }
  return tags;
}

function readDate(front: Record<string, unknown>, keys: string[], warnings: string[]): string | null {
  for (const key of keys) {
    if (front[key] === undefined || front[key] === null || front[key] === '') continue;
    const date = parseLooseDate(front[key]);
    if (date) return date;
    warnings.push(`${key}: "${String(front[key])}" is not a date, left out`);
  }
  return null;
}

/** Reads one markdown file's text. `path` is its place in the zip or folder (the title of last resort). */
export function parseMarkdownNote(text: string, path: string): ParsedNote {
  const warnings: string[] = [];
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let front: Record<string, unknown> = {};
  let content = normal;
  const match = FRONT_MATTER.exec(normal);
  if (match) {
    content = normal.slice(match[0].length).replace(/^\n+/, '');
    try {
      const parsed: unknown = parseSimpleFrontMatter(match[1]!) ?? parseYaml(match[1]!);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        front = parsed as Record<string, unknown>;
      else if (parsed !== null && parsed !== undefined)
        warnings.push('front matter is not a list of keys, ignored');
    } catch (error) {
      // The block stays in the text, so nothing of it is lost.
      content = normal;
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
      warnings.push(`front matter could not be read (${reason}); kept as text`);
    }
  }
  if (content.length > NOTE_CONTENT_MAX) {
    return {
      ok: false,
      error: `too long: ${content.length.toLocaleString('en-US')} characters (a note holds at most ${NOTE_CONTENT_MAX.toLocaleString('en-US')})`,
    };
  }
  const fromFront =
    typeof front.title === 'string' || typeof front.title === 'number' ? String(front.title).trim() : '';
  let title = fromFront || firstHeading(content) || baseName(path).trim() || 'Untitled Note';
  if (title.length > NOTE_TITLE_MAX) {
    warnings.push(`title cut to ${NOTE_TITLE_MAX} characters`);
    title = title.slice(0, NOTE_TITLE_MAX);
  }
  const id = front.id;
  return {
    ok: true,
    warnings,
    note: {
      title,
      content,
      // Another app's file (not this product's export, which has an id) also carries its inline #tags.
      tags:
        id === undefined || id === null
          ? cleanTags(
              [...cleanTags(front.tags ?? front.keywords, warnings), ...inlineTags(content)],
              warnings,
            )
          : cleanTags(front.tags ?? front.keywords, warnings),
      createdAt: readDate(front, ['created', 'date', 'created_at'], warnings),
      updatedAt: readDate(front, ['updated', 'lastmod', 'modified', 'updated_at'], warnings),
      exportedId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    },
  };
}
