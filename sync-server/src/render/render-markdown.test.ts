// The renderer against hostile and ordinary markdown: nothing executable may survive, normal content must.

import { noteHeadings } from '@private-notes/shared/rules/table-of-contents';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMarkdownWithHeadings } from './render-markdown.ts';

describe('renderMarkdown', () => {
  it('renders ordinary markdown', () => {
    const html = renderMarkdown('Some **bold** and *em* and `code`.\n\n- one\n- two\n\n> quoted');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
  });

  it('gives headings stable ids from the slug rule, unique within a post', () => {
    const { html, headings } = renderMarkdownWithHeadings(
      '# Hello, World!\n\n## Why _this_ & that\n\n## Hello World\n\n### !!!\n',
    );
    expect(html).toContain('<h1 id="hello-world">Hello, World!</h1>');
    expect(html).toContain('<h2 id="why-this-that">Why <em>this</em> &amp; that</h2>');
    expect(html).toContain('<h2 id="hello-world-1">Hello World</h2>');
    expect(html).toContain('<h3 id="section">!!!</h3>');
    expect(headings).toEqual([
      { id: 'hello-world', text: 'Hello, World!', level: 1 },
      { id: 'why-this-that', text: 'Why this & that', level: 2 },
      { id: 'hello-world-1', text: 'Hello World', level: 2 },
      { id: 'section', text: '!!!', level: 3 },
    ]);
    // A second render starts the numbering afresh.
    expect(renderMarkdown('# Hello World')).toContain('id="hello-world"');
  });

  it("never gives a heading one of the page's own ids (#comments, #main)", () => {
    const { html, headings } = renderMarkdownWithHeadings(
      '## Comments\n\n## Main\n\n<h2 id="comments">Raw</h2>',
    );
    expect(html).toContain('<h2 id="comments-1">Comments</h2>');
    expect(html).toContain('<h2 id="main-1">Main</h2>');
    expect(html).not.toMatch(/id="comments"/);
    expect(headings.map((h) => h.id)).toEqual(['comments-1', 'main-1']);
  });

  it('uses the same heading ids as the shared contents list', () => {
    const markdown =
      '# Intro\n\n#\n\nSection\n-------\n\n## `code` and [link](https://x.example)\n\n```\n# not a heading\n```\n\n### Intro\n\n## Section';
    const { html, headings } = renderMarkdownWithHeadings(markdown);
    expect(headings.map(({ id, text, level }) => ({ id, text, level }))).toEqual(noteHeadings(markdown));
    for (const heading of noteHeadings(markdown)) expect(html).toContain(`id="${heading.id}"`);
    expect(html).toContain('<h1></h1>');
  });

  it('drops ids written in raw HTML, so a post cannot clobber page globals or anchors', () => {
    const html = renderMarkdown('<h1 id="$_TSR">x</h1>\n\n<h2 id="comments">y</h2>\n\n# Real heading');
    expect(html).toContain('<h1>x</h1>');
    expect(html).toContain('<h2>y</h2>');
    expect(html).toContain('<h1 id="real-heading">Real heading</h1>');
  });

  it('removes script tags and their content', () => {
    const html = renderMarkdown(
      'before <script>alert(1)</script> after\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('before');
    expect(html).toContain('after');
  });

  it('removes event handler and style attributes', () => {
    const html = renderMarkdown(
      '<img src="https://example.com/a.png" onerror="alert(1)" style="position:fixed">\n\n' +
        '<p onclick="alert(2)" style="color:red">hi</p>\n\n<a href="https://example.com" onmouseover="alert(3)">x</a>',
    );
    expect(html).not.toMatch(/on(error|click|mouseover)/i);
    expect(html).not.toContain('style=');
    expect(html).not.toContain('alert');
    expect(html).toContain('<p>hi</p>');
  });

  it('drops javascript:, data: and vbscript: links, including obfuscated ones', () => {
    const nasty = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '<a href="java&#x09;script:alert(1)">c</a>',
      '<a href="&#106;avascript:alert(1)">d</a>',
      '<a href=" javascript:alert(1)">e</a>',
      '[f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="vbscript:msgbox(1)">g</a>',
    ].join('\n\n');
    const html = renderMarkdown(nasty);
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) expect(html).toContain(`>${label}</a>`);
  });

  it('keeps http(s) and mailto links; external ones get rel noopener noreferrer nofollow', () => {
    const html = renderMarkdown(
      '[site](https://example.com/x?a=1&b=2) [mail](mailto:me@example.com) [here](#intro) <a href="https://e.com" rel="opener">r</a>',
    );
    expect(html).toContain(
      '<a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('<a href="mailto:me@example.com">mail</a>');
    expect(html).toContain('<a href="#intro">here</a>');
    expect(html).toContain('<a href="https://e.com" rel="noopener noreferrer nofollow">r</a>');
    expect(html).not.toContain('opener"');
  });

  it('keeps http(s) images only', () => {
    const html = renderMarkdown(
      '![ok](https://example.com/a.png)\n\n![bad](javascript:alert(1))\n\n![data](data:image/png;base64,AAAA)\n\n![rel](/local.png)\n\n<img src="//evil.example/x.png">',
    );
    expect(html).toContain('<img alt="ok" src="https://example.com/a.png" loading="lazy" />');
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it('drops iframes, objects, forms, styles and meta refreshes', () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">' +
        '<form action="https://evil.example"><button>go</button></form><style>body{display:none}</style>' +
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><svg onload="alert(1)"></svg><base href="https://evil.example">',
    );
    expect(html).not.toMatch(/<(iframe|object|embed|form|button|style|meta|svg|base)/i);
    expect(html).not.toContain('display:none');
  });

  it('keeps code blocks escaped and their language class only', () => {
    const html = renderMarkdown('```js\nconst a = "<script>alert(1)</script>";\n```');
    expect(html).toContain('<code class="hljs language-js">');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('colours fenced code on the server with hljs classes, and leaves unknown languages plain', () => {
    const html = renderMarkdown(
      '```python\ndef answer():\n    return 42  # yes\n```\n\n```nosuch\nx < y\n```',
    );
    expect(html).toContain('<code class="hljs language-python">');
    expect(html).toContain('<span class="hljs-keyword">def</span>');
    expect(html).toContain('<span class="hljs-number">42</span>');
    expect(html).toContain('<span class="hljs-comment"># yes</span>');
    expect(html).toContain('<code class="language-nosuch">x &lt; y');
  });

  it('keeps only hljs classes on spans written in raw HTML', () => {
    const html = renderMarkdown('<span class="hljs-string evil" onclick="x()" style="color:red">s</span>');
    expect(html).toContain('<span class="hljs-string">s</span>');
    expect(html).not.toContain('evil');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('style');
  });

  it('does not let a heading id break out of its attribute', () => {
    const html = renderMarkdown('# "><img src=x onerror=alert(1)>');
    expect(html).not.toContain('onerror');
    expect(html).toMatch(/^<h1 id="section">"&gt;<\/h1>/);
  });

  it('renders GFM tables and inert task-list checkboxes', () => {
    const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<input type="checkbox" disabled checked />');
    expect(html).toContain('<input type="checkbox" disabled />');
  });
});

describe('uploaded images', () => {
  const sha = 'ab'.repeat(32);
  it('keep their own path, get width, height, srcset over the variant widths, and lazy loading', () => {
    const html = renderMarkdown(`![Holiday](/api/attachments/${sha})`, (hash) =>
      hash === sha ? { width: 1000, height: 750, resizable: true } : undefined,
    );
    expect(html).toContain(`src="/api/attachments/${sha}"`);
    expect(html).toContain('width="1000" height="750"');
    expect(html).toContain(
      `srcset="/api/attachments/${sha}?w=320 320w, /api/attachments/${sha}?w=640 640w, /api/attachments/${sha}?w=960 960w, /api/attachments/${sha} 1000w"`,
    );
    expect(html).toContain('sizes="(max-width: 760px) 100vw, 760px"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Holiday"');
  });

  it('wider than the widest variant, offer the variant widths only (visitors never get more)', () => {
    const html = renderMarkdown(`![Wide](/api/attachments/${sha})`, (hash) =>
      hash === sha ? { width: 4000, height: 3000, resizable: true } : undefined,
    );
    const srcset = /srcset="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '320w',
      '640w',
      '960w',
      '1280w',
      '1920w',
    ]);
    expect(srcset).not.toContain('4000w');
  });

  it('stay plain images when their size is unknown, and other relative paths are still dropped', () => {
    const html = renderMarkdown(
      `![a](/api/attachments/${sha}) ![b](/etc/passwd) ![c](/api/attachments/${sha}/x)`,
    );
    expect(html).toContain(`<img alt="a" src="/api/attachments/${sha}" loading="lazy" decoding="async" />`);
    expect(html).not.toContain('passwd');
    expect(html).not.toContain('/x');
  });

  it('a srcset written by hand is dropped', () => {
    const html = renderMarkdown(`<img src="/api/attachments/${sha}" srcset="javascript:alert(1) 1x">`);
    expect(html).not.toContain('javascript');
  });
});
