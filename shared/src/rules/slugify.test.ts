import { describe, expect, it } from 'vitest';
import { postPath, postSlug, slugify, tagPath } from './slugify.ts';

describe('slugify', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(slugify('Hello World')).toBe('hello-world');
  });

  it('trims and drops leading and trailing separators', () => {
    expect(slugify('  --Hello World--  ')).toBe('hello-world');
    expect(slugify('_under_')).toBe('under');
  });

  it('removes characters other than word characters, spaces and hyphens', () => {
    expect(slugify("What's new in React 19? (Part 1)")).toBe('whats-new-in-react-19-part-1');
    expect(slugify('C++ & Rust: a comparison!')).toBe('c-rust-a-comparison');
  });

  it('collapses runs of spaces, underscores and hyphens into one hyphen', () => {
    expect(slugify('a  _ - b__c--d\t\ne')).toBe('a-b-c-d-e');
  });

  it('drops non-ASCII letters, as the spec rule with \\w does', () => {
    expect(slugify('Café déjà vu')).toBe('caf-dj-vu');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('   ')).toBe('');
    expect(slugify('?!*')).toBe('');
  });

  it('is idempotent', () => {
    const once = slugify('  Building a Second Brain — Notes & Ideas ');
    expect(slugify(once)).toBe(once);
  });
});

describe('postPath', () => {
  it('builds /blog/post/{id}/{slug}', () => {
    expect(postPath({ id: 42, title: 'My First Post!' })).toBe('/blog/post/42/my-first-post');
  });

  it('leaves the slug out when the title has no slug', () => {
    expect(postPath({ id: 7, title: '???' })).toBe('/blog/post/7');
  });
});

describe('tagPath', () => {
  it('encodes the tag', () => {
    expect(tagPath('react')).toBe('/blog/tags/react');
    expect(tagPath('C# & .NET')).toBe('/blog/tags/C%23%20%26%20.NET');
    expect(decodeURIComponent(tagPath('a/b?c').slice('/blog/tags/'.length))).toBe('a/b?c');
  });
});

describe('postSlug', () => {
  it('prefers the stored slug to the title, and follows the title without one', () => {
    expect(postSlug({ title: 'New Title', slug: 'old-title' })).toBe('old-title');
    expect(postSlug({ title: 'New Title', slug: null })).toBe('new-title');
    expect(postSlug({ title: 'New Title' })).toBe('new-title');
    expect(postPath({ id: 3, title: 'New Title', slug: 'old-title' })).toBe('/blog/post/3/old-title');
    expect(postPath({ id: 3, title: 'New Title', slug: '' })).toBe('/blog/post/3');
  });
});
