import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../site-defaults.ts';
import { manifestShortName, STOCK_ICONS, webManifest } from './web-manifest.ts';

describe('web app manifest', () => {
  it('names the app after the site, with the stock icons by default', () => {
    const manifest = webManifest({ title: 'Ada’s Notebook', tagline: 'Engines, notes and numbers' });
    expect(manifest).toMatchObject({
      name: 'Ada’s Notebook',
      short_name: 'Notebook',
      description: 'Engines, notes and numbers',
      start_url: '/notes',
      display: 'standalone',
      icons: STOCK_ICONS,
    });
    expect(webManifest(DEFAULT_SITE)).toMatchObject({ name: 'Private Notes', short_name: 'Notes' });
    // No tagline: the title describes it.
    expect(webManifest({ title: 'Lab', tagline: ' ' }).description).toBe('Lab');
    // The owner's icon, once uploaded, in the sizes the server cuts from it.
    expect(webManifest({ ...DEFAULT_SITE, iconUrl: `/api/attachments/${'a'.repeat(64)}` }).icons).toEqual([
      { src: '/site-icon/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/site-icon/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/site-icon/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('keeps the short name to what fits under an icon', () => {
    expect(manifestShortName('Lab notes')).toBe('Lab notes');
    expect(manifestShortName('The Extraordinarily')).toBe('The Extraord');
    expect(manifestShortName('The Extraordinarily Long')).toBe('Long');
    expect(manifestShortName('  Twelve chars  ')).toBe('Twelve chars');
  });
});
