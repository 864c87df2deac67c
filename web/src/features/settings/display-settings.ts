// Applies font size and compact mode to <html> (CSS variables key off them) and remembers them on this
// device, so the pre-paint script can apply them before the settings load on the next visit.
import type { Settings } from '@private-notes/shared';
import { DISPLAY_STORAGE_KEY } from '../../theme/theme-script.ts';

export type DisplaySettings = Pick<Settings, 'fontSize' | 'compactMode'>;

export function applyDisplaySettings(display: DisplaySettings): void {
  const root = document.documentElement;
  root.setAttribute('data-font-size', display.fontSize);
  root.classList.toggle('compact', display.compactMode);
  try {
    window.localStorage.setItem(DISPLAY_STORAGE_KEY, JSON.stringify(display));
  } catch {
    // No storage: the look still applies to this page.
  }
}
