// Study mode's Flashcards tab: the question, a click, tap, Space or Enter flips to the answer, Next and Previous
// wrap around, passing the last card shows 'Flashcard review complete'. After a flip the owner grades the card
// (Again, Hard, Good, Easy, or keys 1–4); the grade is a new review row and FSRS schedules the card from all its
// rows. The last grade can be undone (U or the Undo button) for a few seconds, until another card is graded.
// Under the card, the owner edits, suspends or deletes it (CardActions).
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { FLASHCARD_REVIEW_COMPLETE, flashcardStep } from '@private-notes/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LocalFlashcard, ReviewRow } from '../../db/types.ts';
import { CardActions } from './CardActions.tsx';
import { cardFaces } from './CardFaces.tsx';
import { type Grade, gradePreview, isDueToday, replayCard, reviewsByCard, State } from './card-schedule.ts';
import { StudyCard } from './StudyCard.tsx';
import { useGradeKeys } from './use-grade-keys.ts';
import { useUndoableGrade } from './use-undoable-grade.ts';

interface Props {
  noteId: string;
  cards: LocalFlashcard[];
  reviews: ReviewRow[];
}

export function FlashcardsPanel({ noteId, cards, reviews }: Props) {
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [completed, setCompleted] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const grader = useUndoableGrade<number>();
  const { grading } = grader;
  const byCard = useMemo(() => reviewsByCard(reviews), [reviews]);

  const current = cards[Math.min(index, cards.length - 1)];
  // The cards are in the note's order, recomputed when one changes: an edited card may move, and the panel
  // follows it (and stays put when a card is added elsewhere) rather than showing another card in its place.
  const shownId = useRef(current?.id);
  useEffect(() => {
    const at = shownId.current ? cards.findIndex((card) => card.id === shownId.current) : -1;
    if (at >= 0) setIndex(at);
  }, [cards]);
  useEffect(() => {
    shownId.current = current?.id;
  }, [current?.id]);
  const now = new Date();
  const schedule = current ? replayCard(byCard.get(current.id) ?? []) : null;

  const step = (direction: 'next' | 'previous') => {
    const next = flashcardStep(index, cards.length, direction);
    setIndex(next.index);
    setCompleted(next.completed);
    setFlipped(false);
  };

  const grade = async (rating: Grade) => {
    if (current && (await grader.grade({ cardId: current.id, noteId, rating }, index))) step('next');
  };

  const undo = async () => {
    const back = await grader.undo();
    if (back === null) return;
    setIndex(back);
    setCompleted(false);
    setFlipped(false);
  };

  useGradeKeys({
    enabled: current !== undefined && !dialogOpen,
    flipped,
    onShow: () => setFlipped(true),
    onGrade: (rating) => void grade(rating),
    onUndo: () => void undo(),
  });

  if (!current || !schedule) return null;
  const preview = flipped ? gradePreview(schedule, now) : null;
  const status = current.suspended
    ? 'Suspended'
    : schedule.state === State.New
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
      <CardActions card={current} onDialogChange={setDialogOpen} />
      <StudyCard
        {...cardFaces(current)}
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
        {grader.canUndo ? (
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
