// Which unpublished drafts were made from a note (by its server id), newest first: converting the note
// again offers the newest instead of silently making a second one.
import type { BlogPost } from '@private-notes/shared';

export function draftsOfNote(posts: readonly BlogPost[], serverNoteId: number): BlogPost[] {
  return posts
    .filter((p) => p.sourceNoteId === serverNoteId && !p.published)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}
