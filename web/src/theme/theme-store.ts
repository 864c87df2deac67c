// The theme preference (light, dark or system; default system), kept in localStorage and applied as the
// `dark` class on <html>. 'system' follows the OS and reacts when it changes. The navigation theme menu
// and Settings › Appearance both read and write this one store.
import type { Theme } from '@private-notes/shared';

export const THEME_STORAGE_KEY = 'private-notes-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type Listener = () => void;
const listeners = new Set<Listener>();
let preference: Theme | null = null;
let mediaHooked = false;

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readStored(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the resolved theme on <html>: the class both the plain CSS and the Chakra theme key off. */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemIsDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

function hookSystemChanges(): void {
  if (mediaHooked || typeof window.matchMedia !== 'function') return;
  mediaHooked = true;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (getTheme() === 'system') applyTheme('system');
    for (const listener of listeners) listener();
  });
  // Another tab changed the preference.
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    preference = readStored();
    applyTheme(preference);
    for (const listener of listeners) listener();
  });
}

export function getTheme(): Theme {
  if (preference === null) preference = readStored();
  return preference;
}

export function setTheme(theme: Theme): void {
  preference = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode without storage: the choice still applies to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** Starts following the OS preference; call once in the browser. */
export function initTheme(): void {
  hookSystemChanges();
  applyTheme(getTheme());
}

export function subscribeTheme(listener: Listener): () => void {
  hookSystemChanges();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page currently shows dark colours (the resolved theme). */
export function isDarkNow(): boolean {
  return document.documentElement.classList.contains('dark');
}
