// A set of post ids kept in localStorage (favourites, bookmarks), read by components through a hook.
// The server and the hydrating browser both see an empty set, so the first render matches; the stored
// ids appear right after hydration. The hook is passed in (saved-posts.ts), so the public pages' script
// can read the set without bringing React along (islands/dom/post-behaviours.ts).

export interface StoredIdSet {
  /** Adds or removes the id; answers whether it is now in the set. */
  toggle(id: number): boolean;
  /** The stored ids now (for scripts outside React). */
  read(): ReadonlySet<number>;
  /** Drops the copy in memory: the next read is from storage (another copy of the set wrote it). */
  forget(): void;
  useIds(): ReadonlySet<number>;
}

const EMPTY: ReadonlySet<number> = new Set();

/** React's useSyncExternalStore, given by the caller. */
type UseStore = <T>(subscribe: (listener: () => void) => () => void, read: () => T, server: () => T) => T;

/**
 * Sent on window after a change made on this page: the public pages' script keeps the buttons of islands
 * that are not live yet in step (islands/dom/post-behaviours.ts).
 */
export const STORED_IDS_CHANGED = 'pn-stored-ids-changed';

export function createStoredIdSet(storageKey: string, useStore?: UseStore): StoredIdSet {
  let cache: ReadonlySet<number> | null = null;
  const listeners = new Set<() => void>();

  const read = (): ReadonlySet<number> => {
    if (cache) return cache;
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
      cache = new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
    } catch {
      // Private mode or a damaged value: start empty rather than break the page.
      cache = new Set();
    }
    return cache;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey) return;
    cache = null;
    notify();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  return {
    toggle(id) {
      const next = new Set(read());
      const added = !next.has(id);
      if (added) next.add(id);
      else next.delete(id);
      cache = next;
      try {
        localStorage.setItem(storageKey, JSON.stringify([...next]));
      } catch {
        // Storage full or blocked: the choice still holds for this page.
      }
      notify();
      window.dispatchEvent(new CustomEvent(STORED_IDS_CHANGED, { detail: storageKey }));
      return added;
    },
    read,
    forget() {
      cache = null;
    },
    useIds: () => {
      if (!useStore) throw new Error(`${storageKey}: created without React, it has no hook`);
      return useStore(subscribe, read, () => EMPTY);
    },
  };
}
