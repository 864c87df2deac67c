// Ctrl/Cmd+K opens the quick switcher on every owner screen (signed in). The switcher's code loads on the first
// press, so the first visit carries only this listener. Inside the note editor Ctrl/Cmd+K inserts a link
// instead: the editor handles the key first and marks it handled.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';

const QuickSwitcher = lazy(() => import('./QuickSwitcher.tsx').then((m) => ({ default: m.QuickSwitcher })));

export function QuickSwitcherShortcut() {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!user) return;
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      if (event.defaultPrevented) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [user]);
  if (!loaded || !user) return null;
  return (
    <Suspense fallback={null}>
      <QuickSwitcher open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
