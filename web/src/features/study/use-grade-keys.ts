// Fast grading from the keyboard, in the review session and in study mode: Space or Enter shows the answer,
// 1–4 grade it (again, hard, good, easy) once it shows, U undoes the last grade. Keys typed into a field, or
// Space/Enter on another focused button or link (which the owner means to press), are left alone.
import { useEffect, useRef } from 'react';
import type { Grade } from './card-schedule.ts';

export interface GradeKeyHandlers {
  enabled: boolean;
  flipped: boolean;
  onShow(): void;
  onGrade(rating: Grade): void;
  onUndo?: (() => void) | undefined;
}

const GRADE_KEYS: Record<string, Grade> = { '1': 1, '2': 2, '3': 3, '4': 4 } as Record<string, Grade>;

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** Space/Enter belong to us unless another button or link has focus (tabs and the card itself are ours). */
function ownsActivation(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  const control = target.closest('button, a, [role="button"]');
  if (!control) return true;
  return control.getAttribute('role') === 'tab' || control.hasAttribute('data-flashcard-face');
}

export function useGradeKeys(handlers: GradeKeyHandlers): void {
  // The latest handlers, so the listener is added once and never calls a stale one.
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const h = ref.current;
      if (!h.enabled || event.defaultPrevented || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || isTextEntry(event.target)) return;
      if (event.key === ' ' || event.key === 'Enter') {
        if (h.flipped || !ownsActivation(event.target)) return;
        event.preventDefault();
        h.onShow();
      } else if (event.key in GRADE_KEYS) {
        if (!h.flipped) return;
        event.preventDefault();
        h.onGrade(GRADE_KEYS[event.key]!);
      } else if ((event.key === 'u' || event.key === 'U') && h.onUndo) {
        event.preventDefault();
        h.onUndo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
