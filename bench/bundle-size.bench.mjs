// Bundle size: the JavaScript and CSS a first visit downloads, for /blog and a post page (anonymous, 10
// published posts) and for /notes (signed in). Which files load comes from Chromium's network log; their
// gzip size from the built files. Budgets (issue 21): /blog and a post at most 60 KB of JavaScript gzip (the
// public pages are islands that load their code when a reader first reaches for them), with no Chakra,
// Dexie, editor, notes, admin or AI code in it; the notes screen's first paint at most 250 KB. The owner's
// screens load in parts (docs/decisions/owner-first-visit-split.md): what /notes needs to show its screen (the
// entry, the owner's layout and the notes route's chunks with their static imports, by Vite's manifest) is
// counted apart from what loads right after it (the sync engine, the editor, the viewer and the other parts),
// and the screen is checked to show with only those scripts, every other one failing.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium-flags.mjs';
import { watchNetwork } from './lib/network-quiet.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR (as for the server) measures a build kept elsewhere, e.g. one not shared with other work.
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'web/dist');
const BLOG_JS_BUDGET_KB = 60;
const NOTES_FIRST_SCREEN_BUDGET_KB = 250;

// Code that must never reach a public visitor, recognised by strings its bundles always contain.
const PRIVATE_MARKERS = {
  Chakra: /chakra-/,
  Dexie: /Dexie|dexie/,
  'markdown editor': /w-md-editor/,
  'notes screen': /Manage your personal notes and knowledge collection/,
  'blog admin': /Create New Blog Post/,
  'subscribers admin': /Manage subscribers and engagement metrics/,
  'AI assistant': /Generating explanation\.\.\./,
};

if (!existsSync(path.join(path.dirname(dist), 'dist-ssr/entry-server.js'))) {
  console.log('web/dist is missing: building the web app first…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipBytes = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The chunks the /notes screen cannot render without: the entry, the owner's layout and the notes route's
 * component chunks, and everything they import statically (Vite's manifest). Lazy chunks are not among them. */
function notesStaticFiles() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const keys = [
    'src/entry-client.tsx',
    'src/routes/_app.tsx?tsr-split=component',
    'src/routes/_app/notes.tsx?tsr-split=component',
  ];
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no ${key}`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

async function seed(url, cookie) {
  for (let i = 1; i <= 10; i++) {
    const res = await fetch(`${url}/api/admin/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Notes that grow, part ${i}`,
        excerpt: 'How a collection of small notes becomes a body of knowledge.',
        content: `# Part ${i}\n\nLinking notes by idea rather than by folder lets a collection grow.\n\n## Practice\n\nWrite one idea per note.`,
        tags: ['knowledge', i % 2 ? 'productivity' : 'tools'],
        published: true,
      }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`seeding post ${i} answered ${res.status}`);
  }
}

/**
 * Visits `pathname` in a fresh context and sums the gzip size of the built JS and CSS it downloaded.
 * `touch(page)`, when given, runs after that (a reader reaching for an island) and is measured on its own
 * as `touched`: what the page downloads then.
 */
async function measure(browser, url, pathname, cookie, waitFor, touch) {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const files = new Set();
  page.on('response', (response) => {
    const { pathname: p } = new URL(response.url());
    if (/\.(js|css)$/.test(p) && response.ok()) files.add(p);
  });
  // Not 'networkidle': on the owner's screens the live channel stays open (lib/network-quiet.mjs).
  const network = watchNetwork(page);
  await page.goto(`${url}${pathname}`, { waitUntil: 'load' });
  await network.settled();
  await page.getByText(waitFor).first().waitFor();
  await network.settled();
  const first = [...files];
  if (touch) {
    await touch(page);
    await network.settled();
  }
  await context.close();
  const later = [...files].filter((f) => !first.includes(f));
  return { ...sizes(first), touched: touch ? sizes(later) : null };
}

/** The gzip size of built files, and whether any of them holds private code. */
function sizes(files) {
  const totals = { js: 0, css: 0, raw: 0 };
  const found = new Set();
  const list = [];
  for (const file of [...files].sort()) {
    const local = path.join(dist, file);
    if (!existsSync(local)) continue;
    const content = readFileSync(local);
    const gz = gzipSync(content, { level: 9 }).length;
    totals[file.endsWith('.css') ? 'css' : 'js'] += gz;
    totals.raw += content.length;
    list.push(`${kb(gz).toFixed(1).padStart(7)} KB  ${file}`);
    if (file.endsWith('.js')) {
      const text = content.toString('utf8');
      for (const [name, marker] of Object.entries(PRIVATE_MARKERS)) if (marker.test(text)) found.add(name);
    }
  }
  return { totals, list, found: [...found], count: files.length };
}

/**
 * The notes screen shows with only `allowed` scripts: every other script request fails, as if its chunk were
 * missing. True when the heading and the New Note button appear (so what loads after the first paint, the
 * sync engine among it, is not what the screen needs).
 */
async function showsWithOnly(browser, url, cookie, allowed) {
  const context = await browser.newContext();
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  await context.route(/\.js(\?|$)/, (route) =>
    allowed.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  try {
    await page.goto(`${url}/notes`);
    await page.getByRole('heading', { name: 'My Notes' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'New Note' }).waitFor({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const cookie = await login(server.url);
  await seed(server.url, cookie);

  // Touching the search box wakes the home's island (React and the list's code).
  const blog = await measure(browser, server.url, '/blog', null, 'Notes that grow, part 1', async (page) => {
    await page.getByPlaceholder('Search articles...').fill('grow');
    await page.getByRole('heading', { name: /Search Results/ }).waitFor();
  });
  console.log(`/blog, first visit (anonymous): ${blog.count} files\n${blog.list.join('\n')}`);
  console.log(`  JS ${kb(blog.totals.js)} KB gzip, CSS ${kb(blog.totals.css)} KB gzip`);
  console.log(`  private code found: ${blog.found.length ? blog.found.join(', ') : 'none'}`);
  console.log(
    `/blog, first search (the island wakes): ${blog.touched.count} files\n${blog.touched.list.join('\n')}`,
  );
  console.log(`  JS ${kb(blog.touched.totals.js)} KB gzip, CSS ${kb(blog.touched.totals.css)} KB gzip`);

  const posts = await (await fetch(`${server.url}/api/blog`)).json();
  const postPath = `/blog/post/${posts[0].id}`;
  const post = await measure(browser, server.url, postPath, null, posts[0].title);
  console.log(`${postPath}, first visit (anonymous): ${post.count} files\n${post.list.join('\n')}`);
  console.log(`  JS ${kb(post.totals.js)} KB gzip, CSS ${kb(post.totals.css)} KB gzip`);
  console.log(`  private code found: ${post.found.length ? post.found.join(', ') : 'none'}`);

  const notes = await measure(browser, server.url, '/notes', cookie, 'My Notes');
  console.log(`/notes, first visit (signed in): ${notes.count} files\n${notes.list.join('\n')}`);
  console.log(`  JS ${kb(notes.totals.js)} KB gzip, CSS ${kb(notes.totals.css)} KB gzip, the whole visit`);
  const staticFiles = notesStaticFiles();
  const notesFirstScreenKb = kb([...staticFiles].reduce((sum, file) => sum + gzipBytes(file), 0));
  const showsAlone = await showsWithOnly(browser, server.url, cookie, staticFiles);
  console.log(
    `  the notes screen's own chunks (entry, layout, route and their static imports): ${staticFiles.size} ` +
      `scripts, ${notesFirstScreenKb} KB gzip; the screen shows with only them: ${showsAlone ? 'yes' : 'NO'}`,
  );

  const bench = 'bundle-size';
  reportResult({
    bench,
    metric: '/blog JS (gzip)',
    value: kb(blog.totals.js),
    unit: 'KB',
    target: `≤ ${BLOG_JS_BUDGET_KB} KB`,
    pass: kb(blog.totals.js) <= BLOG_JS_BUDGET_KB,
  });
  reportResult({
    bench,
    metric: '/blog JS on the first search (island, gzip)',
    value: kb(blog.touched.totals.js),
    unit: 'KB',
  });
  reportResult({
    bench,
    metric: '/blog island private code',
    value: blog.touched.found.length ? blog.touched.found.join(', ') : 'none',
    target: 'none',
    pass: blog.touched.found.length === 0,
  });
  reportResult({ bench, metric: '/blog CSS (gzip)', value: kb(blog.totals.css), unit: 'KB' });
  reportResult({
    bench,
    metric: '/blog private code (Chakra, Dexie, editor, notes, admin, AI)',
    value: blog.found.length ? blog.found.join(', ') : 'none',
    target: 'none',
    pass: blog.found.length === 0,
  });
  reportResult({
    bench,
    metric: 'post page JS (gzip)',
    value: kb(post.totals.js),
    unit: 'KB',
    target: `≤ ${BLOG_JS_BUDGET_KB} KB`,
    pass: kb(post.totals.js) <= BLOG_JS_BUDGET_KB,
  });
  reportResult({
    bench,
    metric: 'post page private code (Chakra, Dexie, editor, notes, admin, AI)',
    value: post.found.length ? post.found.join(', ') : 'none',
    target: 'none',
    pass: post.found.length === 0,
  });
  reportResult({
    bench,
    metric: '/notes JS the notes screen needs to show (gzip)',
    value: notesFirstScreenKb,
    unit: 'KB',
    target: `≤ ${NOTES_FIRST_SCREEN_BUDGET_KB} KB`,
    pass: notesFirstScreenKb <= NOTES_FIRST_SCREEN_BUDGET_KB,
  });
  reportResult({
    bench,
    metric: '/notes screen shows with only those scripts',
    value: showsAlone ? 'yes' : 'no',
    target: 'yes',
    pass: showsAlone,
  });
  reportResult({
    bench,
    metric: '/notes JS of the whole visit, with what loads after the first paint (gzip)',
    value: kb(notes.totals.js),
    unit: 'KB',
  });
  reportResult({ bench, metric: '/notes CSS (gzip)', value: kb(notes.totals.css), unit: 'KB' });
} finally {
  await browser.close();
  await server.stop();
}
