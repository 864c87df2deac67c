// How far the reader has scrolled through the page, 0–100, updated once per animation frame.
// 0 on the server and during hydration, so the first client render matches the HTML.
import { scrollProgress } from '@private-notes/shared';
import { useEffect, useState } from 'react';

export function useReadingProgress(): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const root = document.documentElement;
      setProgress(Math.round(scrollProgress(window.scrollY, root.scrollHeight, root.clientHeight)));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return progress;
}
