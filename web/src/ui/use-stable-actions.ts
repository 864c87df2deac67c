// Callbacks that keep their identity across renders while always calling the latest ones: a memoised child
// (a note card) given them does not render again just because its parent did.
import { useLayoutEffect, useMemo, useRef } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any callback's arguments pass through unchanged.
type Actions = Record<string, (...args: any[]) => unknown>;

export function useStableActions<T extends Actions>(actions: T): T {
  const latest = useRef(actions);
  // Before any effect or event of this commit can call one: layout effects run first.
  useLayoutEffect(() => {
    latest.current = actions;
  });
  const keys = Object.keys(actions).sort().join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the wrappers depend on the set of names only.
  return useMemo(() => {
    const stable: Actions = {};
    for (const key of Object.keys(latest.current))
      stable[key] = (...args: unknown[]) => latest.current[key]?.(...args);
    return stable as T;
  }, [keys]);
}
