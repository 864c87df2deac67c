import type { BlogPost } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { draftsOfNote } from './drafts-of-note.ts';

const post = (id: number, fields: Partial<BlogPost>): BlogPost =>
  ({
    id,
    title: `P${id}`,
    published: false,
    sourceNoteId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  }) as BlogPost;

describe('draftsOfNote', () => {
  it('finds the note’s unpublished drafts, newest first', () => {
    const posts = [
      post(1, { sourceNoteId: 7, createdAt: '2026-01-01T00:00:00.000Z' }),
      post(2, { sourceNoteId: 7, createdAt: '2026-02-01T00:00:00.000Z' }),
      post(3, { sourceNoteId: 7, published: true }),
      post(4, { sourceNoteId: 8 }),
      post(5, {}),
    ];
    expect(draftsOfNote(posts, 7).map((p) => p.id)).toEqual([2, 1]);
    expect(draftsOfNote(posts, 9)).toEqual([]);
  });
});
