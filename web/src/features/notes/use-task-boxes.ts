// The viewer's clickable task boxes: their labels and states come from task-boxes.ts, loaded the first time
// a note with a task line is shown (the notes screen's first visit does not carry it). Until then, and for
// notes without tasks, the boxes stay read-only.
import { useEffect, useMemo, useState } from 'react';
import type { TaskBoxes } from './task-boxes.ts';

type TaskModule = typeof import('./task-boxes.ts');

// Kept once loaded, so later notes render clickable boxes at once.
let loaded: TaskModule | null = null;

const TASK_LINE = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[ xX]\]/m;

export function useTaskBoxes(markdown: string, enabled: boolean): TaskBoxes | null {
  const wanted = enabled && TASK_LINE.test(markdown);
  const [module, setModule] = useState<TaskModule | null>(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    import('./task-boxes.ts')
      .then((m) => {
        loaded = m;
        if (!cancelled) setModule(m);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [wanted, module]);
  return useMemo(() => (wanted && module ? module.findTasks(markdown) : null), [wanted, module, markdown]);
}
