// Renders the PWA icons (web/public/icons) from one hand-written SVG: a note page on the brand indigo.
// Run after changing the artwork: `node web/pwa/generate-icons.mjs`. The PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const outDir = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = '#4338ca';

/** The glyph drawn in a 100×100 box: a page with a folded corner, text lines and a pen stroke. */
const glyph = `
  <path d="M28 14h32l16 16v52a4 4 0 0 1-4 4H28a4 4 0 0 1-4-4V18a4 4 0 0 1 4-4z" fill="#ffffff"/>
  <path d="M60 14v12a4 4 0 0 0 4 4h12z" fill="#c7d2fe"/>
  <rect x="33" y="40" width="34" height="5" rx="2.5" fill="${BRAND}"/>
  <rect x="33" y="52" width="34" height="5" rx="2.5" fill="${BRAND}" opacity="0.75"/>
  <rect x="33" y="64" width="22" height="5" rx="2.5" fill="${BRAND}" opacity="0.5"/>`;

/** `any` icons: a rounded tile. `maskable`: full-bleed colour, glyph inside the 80% safe zone. */
function svg(kind) {
  if (kind === 'maskable') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
      <rect width="100" height="100" fill="${BRAND}"/>
      <g transform="translate(20 20) scale(0.6)">${glyph}</g></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
    <rect x="2" y="2" width="96" height="96" rx="22" fill="${BRAND}"/>
    <g transform="translate(8 8) scale(0.84)">${glyph}</g></svg>`;
}

const outputs = [
  { file: 'pwa-192.png', size: 192, kind: 'any' },
  { file: 'pwa-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon-180.png', size: 180, kind: 'maskable' },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, kind } of outputs) {
  const png = new Resvg(svg(kind), { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(path.join(outDir, file), png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
}
writeFileSync(path.join(outDir, 'icon.svg'), svg('any'));
