// Browser entry of the public pages an anonymous visitor reads (docs/decisions/public-islands.md): the
// server sends finished HTML, and this small script adds only what acts. Scroll-driven and stored-state
// behaviours run here as plain DOM code; the parts with forms and menus are React islands, each hydrated on
// its own when the reader first reaches for it (islands/island-triggers.ts). Links are plain links.
import { startFrame } from './islands/dom/frame-behaviours.ts';
import { startPostBehaviours } from './islands/dom/post-behaviours.ts';
import { startReadingProgress } from './islands/dom/reading-progress.ts';
import { watchIslands } from './islands/island-triggers.ts';
import { initTheme } from './theme/theme-store.ts';

// The theme was put on <html> before paint; 'system' keeps following the OS from here.
initTheme();
startFrame();
startReadingProgress();
startPostBehaviours();
watchIslands(async (element, name) => {
  const { hydrateIsland } = await import('./islands/island-runtime.tsx');
  await hydrateIsland(element, name as Parameters<typeof hydrateIsland>[1]);
});
