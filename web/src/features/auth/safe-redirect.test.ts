import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirect('/notes')).toBe('/notes');
    expect(safeRedirect('/blog/admin?edit=3')).toBe('/blog/admin?edit=3');
  });
  it('falls back to / for a missing value or another site', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
});
