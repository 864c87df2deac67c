// The editor's side-by-side preview: offered on wide screens only (a phone is edit-only), remembered on this
// device once chosen.
import { useCallback, useSyncExternalStore } from 'react';

export const SIDE_BY_SIDE_LABEL = 'Side-by-side preview';

const WIDE = '(min-width: 1024px)';
const STORAGE_KEY = 'pn-editor-side-by-side';

function subscribeWide(onChange: () => void) {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isWide = () => typeof matchMedia === 'function' && matchMedia(WIDE).matches;

// The choice is shared by every open editor (and tab): a tiny store over localStorage.
const listeners = new Set<() => void>();
function subscribeChoice(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}
function readChoice(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}
function writeChoice(on: boolean) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts while the page does.
  }
  for (const listener of listeners) listener();
}

let fallbackChoice = false;

export function useSideBySide(): { available: boolean; on: boolean; toggle(): void } {
  const available = useSyncExternalStore(subscribeWide, isWide, () => false);
  const chosen = useSyncExternalStore(
    subscribeChoice,
    () => readChoice() || fallbackChoice,
    () => false,
  );
  const toggle = useCallback(() => {
    const next = !(readChoice() || fallbackChoice);
    fallbackChoice = next;
    writeChoice(next);
  }, []);
  return { available, on: available && chosen, toggle };
}
