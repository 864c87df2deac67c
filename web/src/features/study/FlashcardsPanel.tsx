// Study mode's Flashcards tab: the question, a click (or Enter/Space) flips to the answer, Next and Previous
// wrap around, passing the last card shows 'Flashcard review complete'. After a flip the owner grades the card
// (Again, Hard, Good, Easy); the grade is a new review row and FSRS schedules the card from all its rows.
import { Badge, Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { FLASHCARD_REVIEW_COMPLETE, flashcardStep } from '@private-notes/shared';
import { useId, useMemo, useState } from 'react';
import type { LocalFlashcard, ReviewRow } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';
import {
  GRADES,
  type Grade,
  gradePreview,
  isDueToday,
  replayCard,
  reviewsByCard,
  State,
} from './card-schedule.ts';
import { recordReview } from './record-review.ts';

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
  const byCard = useMemo(() => reviewsByCard(reviews), [reviews]);
  const hintId = useId();

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
      await recordReview({ cardId: current.id, noteId, rating });
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
      <chakra.button
        type="button"
        aria-describedby={hintId}
        data-testid="flashcard"
        data-side={flipped ? 'answer' : 'question'}
        onClick={() => setFlipped((f) => !f)}
        minH="220px"
        w="full"
        p="6"
        borderWidth="1px"
        borderRadius="xl"
        bg={flipped ? 'bg.subtle' : 'bg'}
        shadow="sm"
        textAlign="center"
        cursor="pointer"
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
      >
        <Text fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted" mb="3">
          {flipped ? 'Answer' : 'Question'}
        </Text>
        <Text fontSize="lg" whiteSpace="pre-wrap" wordBreak="break-word">
          {flipped ? current.answer : current.question}
        </Text>
      </chakra.button>
      {preview ? (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            How well did you remember it?
          </Text>
          <HStack gap="2" justify="center" wrap="wrap" role="group" aria-label="Grade">
            {GRADES.map(({ rating, label }) => (
              <Button
                key={rating}
                size="sm"
                variant="outline"
                colorPalette={rating === 1 ? 'red' : rating === 4 ? 'green' : 'gray'}
                disabled={grading}
                onClick={() => void grade(rating)}
              >
                {label}{' '}
                <Text as="span" fontSize="xs" color="fg.muted">
                  {preview[rating]}
                </Text>
              </Button>
            ))}
          </HStack>
        </Stack>
      ) : (
        <Text id={hintId} fontSize="sm" color="fg.muted" textAlign="center">
          Click the card to see the answer.
        </Text>
      )}
      <HStack justify="space-between">
        <Button variant="outline" onClick={() => step('previous')}>
          Previous
        </Button>
        <Button variant="outline" onClick={() => step('next')}>
          Next
        </Button>
      </HStack>
    </Stack>
  );
}
