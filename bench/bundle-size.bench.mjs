// Bundle size: the JavaScript and CSS a first visit downloads, for /blog and a post page (anonymous, 10
// published posts) and for /notes (signed in). Which files load comes from Chromium's network log; their
// gzip size from the built files. Budget (issue 21): /blog and a post at most 60 KB of JavaScript gzip (the
// public pages are islands that load their code when a reader first reaches for them), with no Chakra,
// Dexie, editor, notes, admin or AI code in it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium-flags.mjs';
import { login, reportResult, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR (as for the server) measures a build kept elsewhere, e.g. one not shared with other work.
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'web/dist');
const BLOG_JS_BUDGET_KB = 60;

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
  await page.goto(`${url}${pathname}`, { waitUntil: 'networkidle' });
  await page.getByText(waitFor).first().waitFor();
  await page.waitForLoadState('networkidle');
  const first = [...files];
  if (touch) {
    await touch(page);
    await page.waitForLoadState('networkidle');
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
  console.log(`  JS ${kb(notes.totals.js)} KB gzip, CSS ${kb(notes.totals.css)} KB gzip`);

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
  reportResult({ bench, metric: '/notes JS (gzip)', value: kb(notes.totals.js), unit: 'KB' });
  reportResult({ bench, metric: '/notes CSS (gzip)', value: kb(notes.totals.css), unit: 'KB' });
} finally {
  await browser.close();
  await server.stop();
}
