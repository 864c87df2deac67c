// The theme menu of the navigation bar: light, dark or system, one preference with Settings › Appearance.
import type { Theme } from '@private-notes/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTheme } from '../../theme/use-theme.ts';
import { MonitorIcon, MoonIcon, SunIcon } from '../icons.tsx';
import styles from './Frame.module.css';

const OPTIONS: ReadonlyArray<{ value: Theme; label: string; Icon: typeof SunIcon }> = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
];

export function ThemeMenu() {
  const { theme, setTheme } = useTheme();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = OPTIONS.find((o) => o.value === theme) ?? OPTIONS[2]!;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      // Escape hands focus back to the button (the focused item is about to unmount); a click elsewhere
      // keeps the focus where the click put it.
      if (event instanceof KeyboardEvent) buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    rootRef.current?.querySelector<HTMLButtonElement>('[role="menuitemradio"][aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className={styles.themeMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`pn-button pn-button-ghost ${styles.iconButton}`}
        aria-label={`Theme: ${current.label}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <current.Icon />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Theme" className={styles.menu}>
          {OPTIONS.map(({ value, label, Icon }) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={theme === value}
              className={styles.menuItem}
              onClick={() => {
                setTheme(value);
                setOpen(false);
                buttonRef.current?.focus();
              }}
            >
              <Icon width={16} height={16} />
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
