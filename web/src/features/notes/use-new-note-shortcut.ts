// The N shortcut: pressing N (outside a text field, without modifiers) starts a new note.
import { useLayoutEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useNewNoteShortcut(enabled: boolean, onNew: () => void): void {
  // Listening from the commit that shows the screen (a layout effect), not after it: an N pressed the moment
  // the list shows, before a passive effect had run, did nothing.
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' && event.key !== 'N') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || isTyping(event.target)) return;
      if (
        document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')
      )
        return;
      event.preventDefault();
      onNew();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, onNew]);
}
