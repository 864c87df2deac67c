// Serves the built web app (web/dist): hashed assets cached for a year, index.html and sw.js always
// revalidated, and index.html for every other GET outside /api (client-side routes).
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import type { Config } from '../config.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Private Notes</title></head>
<body><main><h1>Private Notes</h1>
<p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it first), then reload.</p>
<p>The API is available under <code>/api</code>.</p></main></body></html>`;

export function mountWebApp(app: Express, config: Config): void {
  const dist = config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const isApi = (p: string) => p === '/api' || p.startsWith('/api/');

  if (!existsSync(indexFile)) {
    app.get('/{*splat}', (req, res, next) => {
      if (isApi(req.path)) return next();
      res.status(200).type('html').set('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    });
    return;
  }

  app.use(
    express.static(dist, {
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(dist, filePath).split(path.sep).join('/');
        // Vite puts content-hashed files under assets/; workbox-<hash>.js carries its hash in the name.
        const hashed = rel.startsWith('assets/') || /^workbox-[0-9a-f]+\.js$/.test(rel);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  app.get('/{*splat}', (req, res, next) => {
    if (isApi(req.path)) return next();
    res.set('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
}
