// A screen's parts that are not on its first paint (the note editor, the viewer, dialogs, study mode) load as
// chunks of their own. `preload()` fetches one ahead of need (right after the screen's first paint, and on
// hover or focus of what opens it), so opening it waits for nothing, and a page that goes offline a moment
// after it showed still has it; once installed, the service worker has every chunk precached.
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
