// One flashcard to grade, shared by study mode and the review session: the card face (a tap, click, Space or
// Enter shows the answer) and, once the answer shows, the four grade buttons with their next-review intervals.
// On phones the buttons are thumb-sized and fixed at the bottom of the screen, above the tab strip.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { GRADES, type Grade } from './card-schedule.ts';

interface Props {
  question: ReactNode;
  answer: ReactNode;
  flipped: boolean;
  onFlip(): void;
  /** Next-review interval per grade; the grade buttons show while the answer does. */
  preview: Record<Grade, string> | null;
  onGrade(rating: Grade): void;
  grading: boolean;
  /** How far above the screen's bottom edge the phone grade bar sits (the tab strip's height, or 0). */
  phoneBottom?: string;
}

export function StudyCard({
  question,
  answer,
  flipped,
  onFlip,
  preview,
  onGrade,
  grading,
  phoneBottom = '0',
}: Props) {
  const hintId = useId();
  return (
    <Stack gap="4" w="full">
      <chakra.button
        type="button"
        aria-describedby={hintId}
        data-testid="flashcard"
        data-flashcard-face=""
        data-side={flipped ? 'answer' : 'question'}
        onClick={onFlip}
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
          {flipped ? answer : question}
        </Text>
      </chakra.button>
      {preview ? (
        <>
          {/* Keeps the end of the page clear of the phone grade bar. */}
          <Box h="20" display={{ base: 'block', md: 'none' }} aria-hidden="true" />
          <Stack
            gap="2"
            position={{ base: 'fixed', md: 'static' }}
            left="0"
            right="0"
            bottom={{ base: phoneBottom, md: 'auto' }}
            zIndex="docked"
            bg={{ base: 'bg', md: 'transparent' }}
            borderTopWidth={{ base: '1px', md: '0' }}
            p={{ base: '2', md: '0' }}
            data-testid="grade-bar"
          >
            <Text fontSize="sm" color="fg.muted" textAlign="center" display={{ base: 'none', md: 'block' }}>
              How well did you remember it? (keys 1–4)
            </Text>
            <HStack gap="2" justify="center" role="group" aria-label="Grade">
              {GRADES.map(({ rating, label }) => (
                <Button
                  key={rating}
                  flex={{ base: '1', md: 'initial' }}
                  minH="11"
                  h={{ base: '12', md: '11' }}
                  px="3"
                  variant="outline"
                  colorPalette={rating === 1 ? 'red' : rating === 4 ? 'green' : 'gray'}
                  disabled={grading}
                  aria-keyshortcuts={String(rating)}
                  onClick={() => onGrade(rating)}
                >
                  <Stack gap="0" align="center" lineHeight="short">
                    <span>{label}</span>
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {preview[rating]}
                    </Text>
                  </Stack>
                </Button>
              ))}
            </HStack>
          </Stack>
        </>
      ) : (
        <Text id={hintId} fontSize="sm" color="fg.muted" textAlign="center">
          Tap or click the card (or press Space) to see the answer.
        </Text>
      )}
    </Stack>
  );
}
