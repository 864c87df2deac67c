// One revision against the current text: the summary line, then the lines, added and removed ones marked by
// colour and by a +/− sign (so the difference never depends on colour alone), unchanged stretches folded.
import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { diffSummary, revisionDiff } from '@private-notes/shared/rules/revision-diff';
import { useMemo } from 'react';

interface Props {
  before: string;
  after: string;
}

const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const BG = { added: 'green.subtle', removed: 'red.subtle', same: 'transparent' } as const;

export function RevisionDiffView({ before, after }: Props) {
  const diff = useMemo(() => revisionDiff(before, after), [before, after]);
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="2" data-testid="revision-diff-summary">
        {diffSummary(diff)}
      </Text>
      <Box
        as="pre"
        fontFamily="mono"
        fontSize="sm"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        borderWidth="1px"
        borderRadius="md"
        p="2"
        maxH="50vh"
        overflowY="auto"
        role="group"
        aria-label="Differences from the current text"
        data-testid="revision-diff"
      >
        {diff.rows.map((row, index) =>
          row.kind === 'fold' ? (
            <Box key={index} color="fg.muted" fontStyle="italic">
              … {row.hidden} unchanged {row.hidden === 1 ? 'line' : 'lines'}
            </Box>
          ) : (
            <Box key={index} bg={BG[row.kind]} data-kind={row.kind}>
              {row.kind === 'same' ? null : (
                <VisuallyHidden>{row.kind === 'added' ? 'Added: ' : 'Removed: '}</VisuallyHidden>
              )}
              <span aria-hidden="true">{SIGN[row.kind]} </span>
              {row.text || ' '}
            </Box>
          ),
        )}
      </Box>
    </Box>
  );
}
