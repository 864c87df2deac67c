// A notice above a note's text, in the editor and the viewer: a sentence and its buttons in a tinted box,
// announced politely (a draft restored, a change made elsewhere, the note deleted elsewhere).
import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function NoteNotice({
  children,
  testId,
  tone,
}: {
  children: ReactNode;
  testId: string;
  tone: 'blue' | 'orange';
}) {
  return (
    <Flex
      role="status"
      align="center"
      justify="space-between"
      gap="3"
      wrap="wrap"
      mb="3"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg={tone === 'blue' ? 'blue.subtle' : 'orange.subtle'}
      data-testid={testId}
    >
      {children}
    </Flex>
  );
}
