import { createElement, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload, retryFailedParts } from './lazy-with-preload.ts';

const Part = ({ text }: { text: string }) => createElement('p', null, text);

async function render(node: ReturnType<typeof createElement>): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('lazyWithPreload', () => {
  it('loads once however often it is preloaded and then rendered', async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const Lazy = lazyWithPreload(load);
    Lazy.preload();
    Lazy.preload();
    const html = await render(
      createElement(Suspense, { fallback: 'loading' }, createElement(Lazy, { text: 'the editor' })),
    );
    expect(html).toContain('<p>the editor</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load until preloaded or rendered', () => {
    const load = vi.fn(async () => ({ default: Part }));
    lazyWithPreload(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('forgets a failed load, so the next preload tries again, and never rejects', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Part }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Part });
    const Lazy = lazyWithPreload(load);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      Lazy.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      Lazy.preload();
      const html = await render(
        createElement(Suspense, { fallback: 'loading' }, createElement(Lazy, { text: 'second try' })),
      );
      expect(html).toContain('<p>second try</p>');
      expect(load).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('a part whose load failed while rendering', () => {
  it('hands the failure on instead of loading again, and loads afresh once asked to open again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Part }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Part });
    const Lazy = lazyWithPreload(load);
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      createElement(Suspense, { fallback: 'loading' }, createElement(Lazy, { text: 'first try' })),
      { onError: (error) => void errors.push(error) },
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).not.toContain('first try');
    expect(String(errors[0])).toContain('Failed to fetch dynamically imported module');
    // Rendering again without being asked to open again: React's memory of the failure, no new load.
    expect(load).toHaveBeenCalledTimes(1);

    retryFailedParts();
    const again = await render(
      createElement(Suspense, { fallback: 'loading' }, createElement(Lazy, { text: 'opened again' })),
    );
    expect(again).toContain('<p>opened again</p>');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
