// A screen's parts that are not on its first paint (the note editor, the viewer, dialogs, study mode) load as
// chunks of their own. `preload()` fetches one ahead of need (right after the screen's first paint, and on
// hover or focus of what opens it), so opening it waits for nothing, and a page that goes offline a moment
// after it showed still has it; once installed, the service worker has every chunk precached.
//
// A load that fails (offline before the chunk was saved here) is forgotten, so the next attempt fetches it
// again. React keeps a rendered lazy component's failure for good, so a part that failed while rendering gets
// a fresh lazy component, but only when it is asked to open again (`retryFailedParts`, called by
// PartLoadBoundary in part-load-boundary.tsx): a fresh one at once would be loaded again by React's own retry
// of the suspended render, over and over, and the failure would never reach the boundary that reports it.
import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
} from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the constraint React.lazy itself puts on components.
type AnyComponent = ComponentType<any>;

export type PreloadableComponent<T extends AnyComponent> = ((
  props: ComponentProps<T>,
) => ReturnType<typeof createElement>) & {
  /** Starts loading the component's chunk; safe to call any number of times, never rejects. */
  preload(): void;
};

/** Parts whose load failed: each function gives its part a fresh lazy component. */
const failedParts = new Set<() => void>();

/** Lets every part whose load failed try again the next time it renders. */
export function retryFailedParts(): void {
  for (const renew of failedParts) renew();
  failedParts.clear();
}

export function lazyWithPreload<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let loading: Promise<{ default: T }> | null = null;
  const shared = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      failedParts.add(renew);
      throw error;
    });
    return loading;
  };
  let current: LazyExoticComponent<T> = lazy(shared);
  const renew = () => {
    current = lazy(shared);
  };
  // One component for the screens to render, whatever lazy component is current.
  const Part = (props: ComponentProps<T>) => createElement(current, props);
  return Object.assign(Part, { preload: () => void shared().catch(() => {}) });
}
