// Study mode's Key Points tab: the note's stored key points as a numbered list.
import { Box, Stack, Text } from '@chakra-ui/react';
import type { LocalKeyPoint } from '../../db/types.ts';

export function KeyPointsPanel({ points }: { points: LocalKeyPoint[] }) {
  if (points.length === 0) return <Text color="fg.muted">No key points yet.</Text>;
  return (
    <Stack as="ol" gap="3" data-testid="key-points">
      {points.map((point, index) => (
        <Box as="li" key={point.id} display="flex" gap="3" p="3" borderWidth="1px" borderRadius="md">
          <Text fontWeight="bold" color="blue.fg" flexShrink={0}>
            {index + 1}.
          </Text>
          <Text>{point.content}</Text>
        </Box>
      ))}
    </Stack>
  );
}
