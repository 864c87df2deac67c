import type { BlogPost } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import {
  changedPostFields,
  createPostPayload,
  localDateTimeInput,
  postFieldError,
  postFormValues,
} from './post-form.ts';

const post: BlogPost = {
  id: 7,
  title: 'Linking notes',
  excerpt: 'Why links beat folders',
  content: 'one two three',
  tags: ['notes', 'Knowledge'],
  published: false,
  readTime: 1,
  authorId: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  publishedAt: null,
  views: 0,
  commentCount: 0,
};

describe('post form', () => {
  it('starts from the post, tags as one comma-separated text', () => {
    expect(postFormValues(post).tagsText).toBe('notes, Knowledge');
    expect(postFormValues(null)).toEqual({
      title: '',
      excerpt: '',
      content: '',
      tagsText: '',
      imageUrl: '',
      seoDescription: '',
      slug: '',
      publishAt: '',
      sendNewsletter: false,
    });
  });

  it('creates with parsed tags and the read time of the content', () => {
    const payload = createPostPayload({
      title: 'T',
      excerpt: '',
      content: 'word '.repeat(401),
      tagsText: ' a, b,, a ,c ',
      imageUrl: '',
      seoDescription: '',
      slug: '',
      publishAt: '',
      sendNewsletter: false,
    });
    expect(payload).toEqual({
      title: 'T',
      excerpt: '',
      content: 'word '.repeat(401),
      tags: ['a', 'b', 'c'],
      readTime: 3,
    });
  });

  it('sends a new or removed cover image', () => {
    const cover = `/api/attachments/${'c'.repeat(64)}`;
    expect(changedPostFields(post, { ...postFormValues(post), imageUrl: cover })).toEqual({
      imageUrl: cover,
    });
    expect(
      changedPostFields({ ...post, imageUrl: cover }, { ...postFormValues(post), imageUrl: '' }),
    ).toEqual({
      imageUrl: null,
    });
    expect(createPostPayload({ ...postFormValues(null), title: 'T', imageUrl: cover }).imageUrl).toBe(cover);
  });

  it('sends only changed fields, and nothing when unchanged', () => {
    expect(changedPostFields(post, postFormValues(post))).toBeNull();
    expect(changedPostFields(post, { ...postFormValues(post), tagsText: 'notes,Knowledge ' })).toBeNull();
    expect(changedPostFields(post, { ...postFormValues(post), title: 'New' })).toEqual({ title: 'New' });
    expect(changedPostFields(post, { ...postFormValues(post), tagsText: 'notes' })).toEqual({
      tags: ['notes'],
    });
    const long = 'w '.repeat(250);
    expect(changedPostFields(post, { ...postFormValues(post), content: long })).toEqual({
      content: long,
      readTime: 2,
    });
  });

  it('sends a new, changed or cleared SEO description, and creates with one only when typed', () => {
    expect(changedPostFields(post, { ...postFormValues(post), seoDescription: 'For search' })).toEqual({
      seoDescription: 'For search',
    });
    const described = { ...post, seoDescription: 'For search' };
    expect(changedPostFields(described, postFormValues(described))).toBeNull();
    expect(changedPostFields(described, { ...postFormValues(described), seoDescription: '' })).toEqual({
      seoDescription: '',
    });
    expect(
      createPostPayload({ ...postFormValues(null), title: 'T', seoDescription: 'S' }).seoDescription,
    ).toBe('S');
    expect(createPostPayload({ ...postFormValues(null), title: 'T' })).not.toHaveProperty('seoDescription');
    expect(postFieldError('400: seoDescription: must be at most 300 characters')).toEqual({
      field: 'seoDescription',
      text: 'SEO description must be at most 300 characters',
    });
  });

  it('sends the slug and the scheduled time only when set or changed, the time as ISO', () => {
    const at = '2030-05-06T07:08:09.000Z';
    const local = localDateTimeInput(at);
    expect(local).toMatch(/^2030-05-0\dT\d\d:\d\d:09$/);
    expect(new Date(local).toISOString()).toBe(at);
    const created = createPostPayload({ ...postFormValues(null), title: 'T', slug: 'own', publishAt: local });
    expect(created).toMatchObject({ slug: 'own', publishAt: at });
    expect(createPostPayload({ ...postFormValues(null), title: 'T' })).not.toHaveProperty('publishAt');

    const scheduled: BlogPost = { ...post, slug: 'kept', publishAt: at };
    expect(postFormValues(scheduled)).toMatchObject({ slug: 'kept', publishAt: local });
    expect(changedPostFields(scheduled, postFormValues(scheduled))).toBeNull();
    expect(changedPostFields(scheduled, { ...postFormValues(scheduled), publishAt: '' })).toEqual({
      publishAt: null,
    });
    expect(changedPostFields(scheduled, { ...postFormValues(scheduled), slug: '' })).toEqual({ slug: '' });
    expect(postFieldError('400: publishAt: must be in the future')).toEqual({
      field: 'publishAt',
      text: 'Publish at must be in the future',
    });
    expect(postFieldError('400: slug: must be at most 100 characters')?.field).toBe('slug');
  });

  it('maps the server validation answer to its field', () => {
    expect(postFieldError('400: title: must not be empty')).toEqual({
      field: 'title',
      text: 'Title must not be empty',
    });
    expect(postFieldError('400: tags.3: must be at most 50 characters')).toEqual({
      field: 'tags',
      text: 'Tags must be at most 50 characters',
    });
    expect(postFieldError('500: Internal error')).toBeNull();
  });

  it('asks for the newsletter only with a publication time, and sends a change of it alone', () => {
    const at = '2031-05-04T09:30:00.000Z';
    const local = localDateTimeInput(at);
    const base = { ...postFormValues(null), title: 'T' };
    expect(createPostPayload({ ...base, publishAt: local, sendNewsletter: true })).toMatchObject({
      publishAt: at,
      sendNewsletter: true,
    });
    expect(createPostPayload({ ...base, sendNewsletter: true })).not.toHaveProperty('sendNewsletter');
    const scheduled: BlogPost = { ...post, publishAt: at, sendNewsletter: true };
    expect(postFormValues(scheduled).sendNewsletter).toBe(true);
    expect(changedPostFields(scheduled, { ...postFormValues(scheduled), sendNewsletter: false })).toEqual({
      sendNewsletter: false,
    });
    // Clearing the time is enough: the server drops the newsletter with it.
    expect(changedPostFields(scheduled, { ...postFormValues(scheduled), publishAt: '' })).toEqual({
      publishAt: null,
    });
  });
});
