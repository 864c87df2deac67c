import { describe, expect, it } from 'vitest';
import { isIslandPage } from './island-pages.ts';

describe('isIslandPage', () => {
  it('takes the public reading pages, and a page not found', () => {
    for (const route of [
      '/',
      '/blog/',
      '/blog/post/$id/{-$slug}',
      '/blog/tags/',
      '/blog/tags/$tag',
      '/privacy-policy',
      '/terms-of-service',
      '/subscribe/confirm',
      '/unsubscribe',
    ])
      expect(isIslandPage(['__root__', route]), route).toBe(true);
    expect(isIslandPage(['__root__'])).toBe(true);
  });

  it('leaves the sign-in page and every owner screen to the whole app', () => {
    expect(isIslandPage(['__root__', '/auth'])).toBe(false);
    expect(isIslandPage(['__root__', '/_app', '/_app/notes'])).toBe(false);
    expect(isIslandPage(['__root__', '/_app', '/_app/blog/admin'])).toBe(false);
    expect(isIslandPage([])).toBe(false);
  });
});
