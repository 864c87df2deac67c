// Study mode's Flashcards tab: the question, a click, tap, Space or Enter flips to the answer, Next and Previous
// wrap around, passing the last card shows 'Flashcard review complete'. After a flip the owner grades the card
// (Again, Hard, Good, Easy, or keys 1–4); the grade is a new review row and FSRS schedules the card from all its
// rows. The last grade can be undone (U or the Undo button) for a few seconds, until another card is graded.
// Under the card, the owner edits, suspends or deletes it (CardActions).
import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import {
  FLASHCARD_REVIEW_COMPLETE,
  flashcardStep,
  type ShownCard,
  shownCardIndex,
} from '@private-notes/shared';
import { useEffect, useMemo, useState } from 'react';
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
  // The card on screen by id (shownCardIndex follows it when the note's cards are recomputed), not by place.
  const [shown, setShown] = useState<ShownCard>(() => ({ id: cards[0]?.id, index: 0 }));
  const [flipped, setFlipped] = useState(false);
  const [completed, setCompleted] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const grader = useUndoableGrade<ShownCard>();
  const { grading } = grader;
  const byCard = useMemo(() => reviewsByCard(reviews), [reviews]);

  const index = shownCardIndex(cards, shown);
  const current = cards[index];
  // Cards that arrived after the panel opened: the first one shown is followed from now on.
  useEffect(() => {
    if (shown.id === undefined && current) setShown({ id: current.id, index });
  }, [shown.id, current, index]);
  const now = new Date();
  const schedule = current ? replayCard(byCard.get(current.id) ?? []) : null;

  const step = (direction: 'next' | 'previous') => {
    const next = flashcardStep(index, cards.length, direction);
    setShown({ id: cards[next.index]?.id, index: next.index });
    setCompleted(next.completed);
    setFlipped(false);
  };

  const grade = async (rating: Grade) => {
    if (current && (await grader.grade({ cardId: current.id, noteId, rating }, { id: current.id, index })))
      step('next');
  };

  const undo = async () => {
    const back = await grader.undo();
    if (back === null) return;
    setShown(back);
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
