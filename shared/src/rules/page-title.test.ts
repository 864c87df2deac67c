import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it('adds the brand suffix', () => {
    expect(pageTitle('My Notes')).toBe('My Notes | Private Notes');
  });

  it('is the brand alone for no page name', () => {
    expect(pageTitle()).toBe('Private Notes');
    expect(pageTitle('  ')).toBe('Private Notes');
  });

  it('does not add the suffix twice', () => {
    expect(pageTitle('Blog | Private Notes')).toBe('Blog | Private Notes');
    expect(pageTitle('Private Notes')).toBe('Private Notes');
  });
});
