import { describe, expect, it } from 'vitest';
import { buildRouterManifest, routeIdFromFile, type ViteManifest } from './build-router-manifest.ts';

describe('routeIdFromFile', () => {
  it('follows the router plugin for this app’s file names', () => {
    expect(routeIdFromFile('__root')).toBe('__root__');
    expect(routeIdFromFile('index')).toBe('/');
    expect(routeIdFromFile('blog/index')).toBe('/blog/');
    expect(routeIdFromFile('blog/tags/$tag')).toBe('/blog/tags/$tag');
    expect(routeIdFromFile('_app')).toBe('/_app');
    expect(routeIdFromFile('_app/notes')).toBe('/_app/notes');
    expect(routeIdFromFile('blog/post/$id/{-$slug}')).toBe('/blog/post/$id/{-$slug}');
  });
});

describe('buildRouterManifest', () => {
  const vite: ViteManifest = {
    'src/entry-client.tsx': {
      file: 'assets/entry.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/entry.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_Legal.js': {
      file: 'assets/Legal.js',
      imports: ['src/entry-client.tsx', '_react.js'],
      css: ['assets/Legal.css'],
    },
    'src/routes/privacy-policy.tsx?tsr-split=component': {
      file: 'assets/privacy.js',
      isDynamicEntry: true,
      imports: ['_Legal.js'],
    },
    'src/routes/_app.tsx?tsr-split=component': { file: 'assets/app.js', isDynamicEntry: true },
    'src/routes/_app.tsx?tsr-split=pendingComponent': { file: 'assets/app-pending.js', isDynamicEntry: true },
  };

  const publicBuild: ViteManifest = {
    'src/public-entry.ts': { file: 'assets/public-entry.js', isEntry: true },
  };

  it('gives the root the entry script, its static imports and its CSS', () => {
    const root = buildRouterManifest(vite, publicBuild).routes.__root__;
    expect(root?.scripts).toEqual([{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }]);
    expect(root?.preloads).toEqual(['/assets/entry.js', '/assets/react.js']);
    expect(root?.css).toEqual(['/assets/entry.css']);
  });

  it('gives each route its split chunks and their CSS, without repeating the root’s', () => {
    const { routes } = buildRouterManifest(vite, publicBuild);
    expect(routes['/privacy-policy']).toEqual({
      preloads: ['/assets/privacy.js', '/assets/Legal.js'],
      css: ['/assets/Legal.css'],
    });
    expect(routes['/_app']?.preloads).toEqual(['/assets/app.js', '/assets/app-pending.js']);
  });

  it('names the public pages’ entry from their own build', () => {
    expect(buildRouterManifest(vite, publicBuild).publicEntry).toBe('/assets/public-entry.js');
  });

  it('refuses a manifest without the client entry, or a public build without its entry', () => {
    expect(() => buildRouterManifest({}, publicBuild)).toThrow(/entry-client/);
    expect(() => buildRouterManifest(vite, {})).toThrow(/public-entry/);
  });
});
