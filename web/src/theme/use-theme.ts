// React view of the theme preference.
import type { Theme } from '@private-notes/shared';
import { useSyncExternalStore } from 'react';
import { getTheme, setTheme, subscribeTheme } from './theme-store.ts';

const serverTheme = (): Theme => 'system';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribeTheme, getTheme, serverTheme);
  return { theme, setTheme };
}
