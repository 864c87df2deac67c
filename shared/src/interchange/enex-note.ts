// One Evernote note as a note to import: markdown body, tags and dates kept, resources reported (attachments
// are not a capability yet: this is where they would be handed over), limits checked like any import.
import { NOTE_CONTENT_MAX, NOTE_TITLE_MAX } from '../schemas/note.ts';
import type { EnexNote, EnexResource } from './enex-reader.ts';
import { enexNoteMarkdown } from './enml-to-markdown.ts';
import { cleanTags, type ParsedNote } from './markdown-note.ts';

function describeResources(resources: readonly EnexResource[]): string {
  const size = (bytes: number) =>
    bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const names = resources.map((r) => `${r.fileName ?? r.mime ?? 'unnamed'} (${size(r.size)})`);
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? `, and ${names.length - 3} more` : '');
  const count = resources.length === 1 ? '1 attachment' : `${resources.length} attachments`;
  return `${count} not imported: ${shown}. Attachments are not supported yet; the note marks where each was`;
}

export function enexToImportedNote(enex: EnexNote): ParsedNote {
  const warnings: string[] = [];
  let content: string;
  try {
    content = enexNoteMarkdown(enex);
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
  if (enex.resources.length > 0) warnings.push(describeResources(enex.resources));
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
      localImages: [],
    },
  };
}
