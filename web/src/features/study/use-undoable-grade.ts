// Grading with undo, for study mode and the review session: each grade is recorded held back from sync (see
// record-review.ts), the last one can be taken back while it is held, and leaving the screen lets it go. `T` is
// what the screen needs to step back to the card (its place in the round).
import { useEffect, useState } from 'react';
import { toast } from '../../ui/toast-store.ts';
import {
  type GradeInput,
  recordReview,
  releaseHeldReview,
  UNDO_REFUSED,
  UNDO_WINDOW_MS,
  undoReview,
} from './record-review.ts';

export interface UndoableGrade<T> {
  grading: boolean;
  canUndo: boolean;
  /** Answers whether the grade was saved (a failure is shown as a toast). */
  grade(input: GradeInput, back: T): Promise<boolean>;
  /** Answers the undone grade's `back`, or null when nothing was undone (a refusal is shown as a toast). */
  undo(): Promise<T | null>;
}

export function useUndoableGrade<T>(): UndoableGrade<T> {
  const [grading, setGrading] = useState(false);
  const [last, setLast] = useState<{ uid: string; back: T } | null>(null);
  useEffect(() => () => releaseHeldReview(), []);
  // The Undo button goes when the grade is no longer held back.
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast(null), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [last]);

  const grade = async (input: GradeInput, back: T): Promise<boolean> => {
    if (grading) return false;
    setGrading(true);
    try {
      const row = await recordReview(input, new Date(), undefined, { hold: true });
      setLast({ uid: row.uid!, back });
      return true;
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to save the review. Please try again.',
        variant: 'destructive',
      });
      return false;
    } finally {
      setGrading(false);
    }
  };

  const undo = async (): Promise<T | null> => {
    if (!last || grading) return null;
    setGrading(true);
    try {
      const undone = await undoReview(last.uid);
      if (!undone) toast({ title: 'Cannot undo', description: UNDO_REFUSED, variant: 'destructive' });
      setLast(null);
      return undone ? last.back : null;
    } finally {
      setGrading(false);
    }
  };

  return { grading, canUndo: last !== null, grade, undo };
}
