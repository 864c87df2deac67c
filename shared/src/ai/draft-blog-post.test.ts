import { describe, expect, it } from 'vitest';
import { readingTime } from '../rules/reading-time.ts';
import { draftBlogPost } from './draft-blog-post.ts';
import { fixture, wordsOf } from './fixtures/load-fixtures.ts';

describe('draftBlogPost', () => {
  it('turns a note into a post: intro, "##" sections, takeaways, excerpt, tags, read time, source', () => {
    const note = fixture('tcp-congestion-control');
    const draft = draftBlogPost({
      id: 12,
      title: 'TCP congestion control',
      content: note.content,
      tags: ['networking'],
    });
    expect(draft.title).toBe('TCP congestion control');
    expect(draft.sourceNoteId).toBe(12);
    expect(draft.readTime).toBe(readingTime(draft.content));
    // The note's title heading is not repeated; its sections become second-level headings.
    expect(draft.content).not.toMatch(/^# /m);
    expect(draft.content).toMatch(/^## Slow start$/m);
    expect(draft.content).toMatch(/^## Key takeaways$/m);
    expect(draft.content.startsWith('Notes from the networking course, week 6.')).toBe(true);
    expect(draft.excerpt.length).toBeGreaterThan(20);
    expect(draft.excerpt.length).toBeLessThanOrEqual(500);
    expect(draft.tags[0]).toBe('networking');
    expect(draft.tags.length).toBeGreaterThan(1);
    expect(draft.tags.length).toBeLessThanOrEqual(5);
    const words = wordsOf(note.content);
    for (const tag of draft.tags)
      for (const part of tag.toLowerCase().split('-')) expect(words.has(part)).toBe(true);
  });

  it('cleans up list markers, task boxes and runs of blank lines, and shifts deep headings up', () => {
    const draft = draftBlogPost({
      title: 'Checklist',
      content: '### Before\n\n\n\n* [ ] pack the charger\n+ [x] book the train   \n\n#### Detail\n\nText.',
    });
    expect(draft.content).toBe('## Before\n\n- pack the charger\n- book the train\n\n### Detail\n\nText.');
    expect(draft.sourceNoteId).toBeNull();
  });

  it('leaves code blocks as written', () => {
    const draft = draftBlogPost({
      title: 'Code',
      content: 'Intro text here.\n\n```md\n# not a heading\n* star\n```',
    });
    expect(draft.content).toContain('```md\n# not a heading\n* star\n```');
  });

  it('takes a title from the first heading when the note is untitled', () => {
    const draft = draftBlogPost({ title: 'Untitled Note', content: fixture('sourdough').content });
    expect(draft.title).toBe('Weekend sourdough loaf');
    expect(draft.content).not.toContain('# Weekend sourdough loaf');
  });

  it('opens a note that starts with a heading with that section, never repeating its sentences', () => {
    const content =
      '## Idea\n\nCompound interest grows savings exponentially over long periods. Starting early matters more than the amount saved each month.';
    const draft = draftBlogPost({ id: 1, title: 'Compound interest', content });
    expect(draft.content.split('\n\n')[0]).toBe('## Idea');
    expect(draft.content.split('Compound interest grows savings exponentially')).toHaveLength(2);
    expect(draft.content.split('Starting early matters')).toHaveLength(2);
    // The excerpt still says what the post is about.
    expect(draft.excerpt).toContain('Compound interest grows savings exponentially');
  });

  it('handles an empty note without inventing text', () => {
    const draft = draftBlogPost({ id: 5, title: 'Empty', content: '' });
    expect(draft).toMatchObject({
      title: 'Empty',
      content: '',
      excerpt: '',
      tags: [],
      readTime: 1,
      sourceNoteId: 5,
    });
  });
});
