// A flashcard's two faces as shown while studying: a question/answer card as written; a cloze card's front
// with its deletions as blanks and its back with the whole text, the deletions marked.
import { chakra } from '@chakra-ui/react';
import { clozeParts } from '@private-notes/shared';
import type { ReactNode } from 'react';
import type { LocalFlashcard } from '../../db/types.ts';

function ClozeFace({ text, n, side }: { text: string; n: number; side: 'front' | 'back' }) {
  return (
    <>
      {clozeParts(text, n, side).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'blank' ? (
          <chakra.span key={index} fontWeight="bold" color="blue.fg" data-testid="cloze-blank">
            {part.text}
          </chakra.span>
        ) : (
          <chakra.mark
            key={index}
            bg="yellow.subtle"
            color="fg"
            px="1"
            borderRadius="sm"
            fontWeight="semibold"
          >
            {part.text}
          </chakra.mark>
        ),
      )}
    </>
  );
}

export function cardFaces(card: Pick<LocalFlashcard, 'question' | 'answer' | 'cloze'>): {
  question: ReactNode;
  answer: ReactNode;
} {
  if (!card.cloze) return { question: card.question, answer: card.answer };
  return {
    question: <ClozeFace text={card.question} n={card.cloze} side="front" />,
    answer: <ClozeFace text={card.question} n={card.cloze} side="back" />,
  };
}
