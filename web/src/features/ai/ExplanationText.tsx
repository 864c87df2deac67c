// An explanation's text, clamped to 4 lines with 'Read more' when it is longer than 200 characters.
import { Box, Button, Text } from '@chakra-ui/react';
import { needsReadMore } from '@private-notes/shared';
import { useState } from 'react';

export function ExplanationText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = needsReadMore(text);
  return (
    <Box>
      <Text
        whiteSpace="pre-wrap"
        lineHeight="1.7"
        lineClamp={long && !expanded ? 4 : undefined}
        data-testid="explanation-text"
        data-expanded={long ? String(expanded) : undefined}
      >
        {text}
      </Text>
      {long ? (
        <Button variant="plain" size="sm" px="0" colorPalette="blue" onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      ) : null}
    </Box>
  );
}
