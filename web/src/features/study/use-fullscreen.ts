// The study overlay's fullscreen toggle over the Fullscreen API; a refusal shows 'Fullscreen error' with the
// browser's own reason (SPEC section 8).
import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast-store.ts';

export function useFullscreen(): { isFullscreen: boolean; toggle: () => void; exit: () => void } {
  const [isFullscreen, setIsFullscreen] = useState(
    () => typeof document !== 'undefined' && !!document.fullscreenElement,
  );
  useEffect(() => {
    const onChange = () => setIsFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const fail = (error: unknown) =>
    toast({
      title: 'Fullscreen error',
      description: error instanceof Error ? error.message : String(error),
      variant: 'destructive',
    });

  // The whole page goes fullscreen (not the dialog alone), so toasts, which render outside it, stay visible.
  const toggle = () => {
    try {
      const action = document.fullscreenElement
        ? document.exitFullscreen()
        : document.documentElement.requestFullscreen();
      void Promise.resolve(action).catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  };
  return { isFullscreen, toggle, exit };
}
