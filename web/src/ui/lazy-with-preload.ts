// A screen's parts that are not on its first paint (the note editor, the viewer, dialogs, study mode) load as
// chunks of their own. `preload()` fetches one ahead of need (on hover or focus of what opens it, or when the
// browser is idle), so opening it waits for nothing; offline, the service worker has every chunk precached.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the constraint React.lazy itself puts on components.
type AnyComponent = ComponentType<any>;

export type PreloadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Starts loading the component's chunk; safe to call any number of times, never rejects. */
  preload(): void;
};

export function lazyWithPreload<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | null = null;
  // A failed load (no connection, chunk not cached) is forgotten, so the next attempt tries again.
  const shared = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(shared), { preload: () => void shared().catch(() => {}) });
}

/** Preloads the given parts once the browser has nothing else to do (or after `timeout` ms at the latest). */
export function preloadWhenIdle(parts: readonly { preload(): void }[], timeout = 4_000): () => void {
  const run = () => {
    for (const part of parts) part.preload();
  };
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(run, 1_000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(handle);
}
