// The renderer's task boxes and code colouring (the sanitising itself runs in the browser tests: DOMPurify
// needs a DOM).

import hljs from 'highlight.js/lib/core';
import { describe, expect, it } from 'vitest';
import { highlightCode, loadGrammars } from './code-highlighter.ts';
import { markdownToHtml as renderMarkdown } from './render-markdown.ts';
import { findTasks } from './task-boxes.ts';
import { fenceLanguages } from './use-code-highlighter.ts';

const boxes = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);

describe('renderMarkdown task boxes', () => {
  const note = '- [ ] milk\n- [x] **bread** rolls\n  - [ ] milk\n\n> - [ ] quoted';

  it('are read-only unless asked for', () => {
    const inputs = boxes(renderMarkdown(note));
    expect(inputs).toHaveLength(4);
    for (const input of inputs) expect(input).toContain('disabled');
  });

  it('carry their source index, state and text as label when interactive', () => {
    const inputs = boxes(renderMarkdown(note, { tasks: findTasks(note) }));
    expect(inputs).toEqual([
      '<input type="checkbox" data-task="0" aria-label="milk">',
      '<input type="checkbox" data-task="1" aria-label="bread rolls" checked="">',
      '<input type="checkbox" data-task="2" aria-label="milk">',
      '<input type="checkbox" data-task="3" aria-label="quoted">',
    ]);
  });

  it('stay read-only when the source scan and the renderer disagree about which lines are tasks', () => {
    // The indented block is code to the renderer but looks like a task line to a line scan.
    const tricky = '- [ ] real\n\nparagraph\n\n    - [ ] code, not a task\n\n- [ ] after';
    const inputs = boxes(renderMarkdown(tricky, { tasks: findTasks(tricky) }));
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(input).toContain('disabled');
  });

  it('escape the label', () => {
    const text = '- [ ] a "quote" & <b>tag</b>';
    const [input] = boxes(renderMarkdown(text, { tasks: findTasks(text) }));
    expect(input).toContain('aria-label="a &quot;quote&quot; &amp; tag"');
  });
});

describe('renderMarkdown code', () => {
  it('colours a fenced block once its grammar is loaded, and leaves others plain', async () => {
    const markdown = '```js\nconst answer = 42; // yes\n```\n\n```nosuchlang\nplain <b>\n```';
    expect(fenceLanguages(markdown)).toEqual(['js', 'nosuchlang']);
    // highlight.js's registry is one per process: a file run earlier in this worker (the server's renderer
    // registers every grammar) may have left JavaScript in it. Start from "not loaded"; loadGrammars below
    // registers it again, so what follows finds it as before.
    hljs.unregisterLanguage('javascript');
    expect(renderMarkdown(markdown, { highlight: highlightCode })).not.toContain('hljs-keyword');
    await loadGrammars(fenceLanguages(markdown));
    const html = renderMarkdown(markdown, { highlight: highlightCode });
    expect(html).toContain('<code class="hljs language-js">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-number">42</span>');
    expect(html).toContain('<span class="hljs-comment">// yes</span>');
    expect(html).toContain('<code class="language-nosuchlang">plain &lt;b&gt;');
  });

  it('knows the common aliases', async () => {
    await loadGrammars(['py']);
    expect(highlightCode('def f(): pass', 'py')).toContain('hljs-keyword');
    expect(highlightCode('x', 'cobol')).toBeNull();
  });
});
