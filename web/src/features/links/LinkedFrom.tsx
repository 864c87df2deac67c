// "Linked from": the notes whose [[links]] lead to this one, each opening it. Shown under a note in the viewer.
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { useWikiLinks } from './wiki-link-context.ts';

export function LinkedFrom({ note }: { note: LocalNote }) {
  const links = useWikiLinks();
  const from = useMemo(() => links?.backlinks(note) ?? [], [links, note]);
  if (!links || from.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="linked-from-heading" borderTopWidth="1px" pt="4" mt="6">
      <Text as="h2" id="linked-from-heading" fontSize="sm" fontWeight="semibold" color="fg.muted" mb="2">
        Linked from
      </Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {from.map((other) => (
          <li key={other.id}>
            <Button
              variant="ghost"
              size="sm"
              px="2"
              onClick={() => links.open(other.id)}
              whiteSpace="normal"
              textAlign="start"
            >
              {other.title}
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
