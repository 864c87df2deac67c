// Study mode's Flashcards tab: the question, a click, tap, Space or Enter flips to the answer, Next and Previous
// wrap around, passing the last card shows 'Flashcard review complete'. After a flip the owner grades the card
// (Again, Hard, Good, Easy, or keys 1–4); the grade is a new review row and FSRS schedules the card from all its
// rows. The last grade can be undone (U or the Undo button) for a few seconds, until another card is graded.
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { FLASHCARD_REVIEW_COMPLETE, flashcardStep } from '@private-notes/shared';
import { useEffect, useMemo, useState } from 'react';
import type { LocalFlashcard, ReviewRow } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';
import { type Grade, gradePreview, isDueToday, replayCard, reviewsByCard, State } from './card-schedule.ts';
import {
  recordReview,
  releaseHeldReview,
  UNDO_REFUSED,
  UNDO_WINDOW_MS,
  undoReview,
} from './record-review.ts';
import { StudyCard } from './StudyCard.tsx';
import { useGradeKeys } from './use-grade-keys.ts';

interface Props {
  noteId: string;
  cards: LocalFlashcard[];
  reviews: ReviewRow[];
}

export function FlashcardsPanel({ noteId, cards, reviews }: Props) {
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [completed, setCompleted] = useState(false);
  const [grading, setGrading] = useState(false);
  const [last, setLast] = useState<{ uid: string; index: number } | null>(null);
  const byCard = useMemo(() => reviewsByCard(reviews), [reviews]);
  // Leaving study mode lets the undoable grade go to the server.
  useEffect(() => () => releaseHeldReview(), []);
  // The Undo button goes when the grade is no longer held back (see record-review.ts).
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast(null), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [last]);

  const current = cards[Math.min(index, cards.length - 1)];
  const now = new Date();
  const schedule = current ? replayCard(byCard.get(current.id) ?? []) : null;

  const step = (direction: 'next' | 'previous') => {
    const next = flashcardStep(index, cards.length, direction);
    setIndex(next.index);
    setCompleted(next.completed);
    setFlipped(false);
  };

  const grade = async (rating: Grade) => {
    if (!current || grading) return;
    setGrading(true);
    try {
      const row = await recordReview({ cardId: current.id, noteId, rating }, new Date(), undefined, {
        hold: true,
      });
      setLast({ uid: row.uid!, index });
      step('next');
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to save the review. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setGrading(false);
    }
  };

  const undo = async () => {
    if (!last || grading) return;
    setGrading(true);
    try {
      if (await undoReview(last.uid)) {
        setIndex(last.index);
        setCompleted(false);
        setFlipped(false);
      } else {
        toast({ title: 'Cannot undo', description: UNDO_REFUSED, variant: 'destructive' });
      }
      setLast(null);
    } finally {
      setGrading(false);
    }
  };

  useGradeKeys({
    enabled: current !== undefined,
    flipped,
    onShow: () => setFlipped(true),
    onGrade: (rating) => void grade(rating),
    onUndo: () => void undo(),
  });

  if (!current || !schedule) return null;
  const preview = flipped ? gradePreview(schedule, now) : null;
  const status =
    schedule.state === State.New
      ? 'New'
      : isDueToday(schedule, now)
        ? 'Due today'
        : `Next review ${schedule.due.toLocaleDateString()}`;

  return (
    <Stack gap="4" maxW="2xl" mx="auto" w="full" data-testid="flashcards">
      <Flex justify="space-between" align="center" fontSize="sm" color="fg.muted">
        <Text data-testid="flashcard-position">
          Card {index + 1} of {cards.length}
        </Text>
        <Badge variant="subtle" data-testid="flashcard-status">
          {status}
        </Badge>
      </Flex>
      {completed ? (
        <Text role="status" color="green.fg" fontWeight="semibold" textAlign="center">
          {FLASHCARD_REVIEW_COMPLETE}
        </Text>
      ) : null}
      <StudyCard
        question={current.question}
        answer={current.answer}
        flipped={flipped}
        onFlip={() => setFlipped((f) => !f)}
        preview={preview}
        onGrade={(rating) => void grade(rating)}
        grading={grading}
      />
      <HStack justify="space-between">
        <Button variant="outline" onClick={() => step('previous')}>
          Previous
        </Button>
        {last ? (
          <Button variant="ghost" onClick={() => void undo()} disabled={grading} aria-keyshortcuts="u">
            Undo last grade
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => step('next')}>
          Next
        </Button>
      </HStack>
    </Stack>
  );
}
