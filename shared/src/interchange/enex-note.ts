// One Evernote note as a note to import: markdown body, tags and dates kept, limits checked like any import.
// Where a resource sits in the body (`<en-media>`), the caller's link for it goes (an attachment), else a marker.
import { formatBytes } from '../rules/attachment-markdown.ts';
import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX } from '../schemas/note.ts';
import type { EnexNote, EnexResource } from './enex-reader.ts';
import { enexNoteMarkdown, type MediaLink } from './enml-to-markdown.ts';
import { cleanTags, type ParsedNote } from './markdown-note.ts';

/** "starter.jpg (1 KB)": how the report names a resource. */
export function describeResource(resource: EnexResource): string {
  return `${resource.fileName ?? resource.mime ?? 'unnamed file'} (${formatBytes(resource.size)})`;
}

export function enexToImportedNote(enex: EnexNote, media?: MediaLink): ParsedNote {
  const warnings: string[] = [];
  let content: string;
  try {
    content = enexNoteMarkdown(enex, media);
  } catch (error) {
    return {
      ok: false,
      error: `the note's body could not be read (${error instanceof Error ? error.message : 'unknown error'})`,
    };
  }
  if (content.length > NOTE_CONTENT_MAX) {
    return {
      ok: false,
      error: `too long: ${content.length.toLocaleString('en-US')} characters (a note holds at most ${NOTE_CONTENT_MAX.toLocaleString('en-US')})`,
    };
  }
  let title = enex.title.trim() || 'Untitled Note';
  if (title.length > NOTE_TITLE_MAX) {
    warnings.push(`title cut to ${NOTE_TITLE_MAX} characters`);
    title = title.slice(0, NOTE_TITLE_MAX);
  }
  return {
    ok: true,
    warnings,
    note: {
      title,
      content,
      tags: cleanTags(enex.tags, warnings),
      createdAt: enex.createdAt,
      updatedAt: enex.updatedAt ?? enex.createdAt,
      exportedId: null,
    },
  };
}
