// Columns of the notes grid: 1 on small screens, 2 on medium, 3 on large (SPEC section 2); the list view is 1.
import { useEffect, useState } from 'react';

const MEDIUM = 768;
const LARGE = 1024;

function columnsFor(width: number): number {
  if (width >= LARGE) return 3;
  if (width >= MEDIUM) return 2;
  return 1;
}

export function useGridColumns(view: 'grid' | 'list'): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? LARGE : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return view === 'list' ? 1 : columnsFor(width);
}
