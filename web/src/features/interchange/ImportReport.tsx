// The per-file report of an import: every file and note with what happened to it and why, the problems first.
// Long reports show their first lines here and can be saved whole as a text file.
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { downloadBlob } from './download-blob.ts';
import type { ReportLine, ReportStatus } from './import-types.ts';

export const REPORT_LINES_SHOWN = 300;

const BADGES: Record<ReportStatus, { label: string; palette: string }> = {
  error: { label: 'Problem', palette: 'red' },
  'not-imported': { label: 'Not imported', palette: 'red' },
  skipped: { label: 'Skipped', palette: 'gray' },
  new: { label: 'New', palette: 'blue' },
  here: { label: 'Already here', palette: 'gray' },
  imported: { label: 'Imported', palette: 'green' },
  replaced: { label: 'Replaced', palette: 'orange' },
};

const ORDER: ReportStatus[] = ['error', 'not-imported', 'replaced', 'skipped', 'imported', 'new', 'here'];

export function sortReport(lines: readonly ReportLine[]): ReportLine[] {
  return [...lines].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
}

export function reportText(lines: readonly ReportLine[]): string {
  return `${sortReport(lines)
    .map((line) => `${BADGES[line.status].label}\t${line.source}\t${line.message}`)
    .join('\n')}\n`;
}

export function ImportReport({ lines, title }: { lines: readonly ReportLine[]; title: string }) {
  if (lines.length === 0) return null;
  const sorted = sortReport(lines);
  return (
    <Stack gap="2">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{title}</Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() =>
            downloadBlob(new Blob([reportText(lines)], { type: 'text/plain' }), 'import-report.txt')
          }
        >
          Save the report
        </Button>
      </HStack>
      <Box as="ul" aria-label={title} maxH="320px" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
        {sorted.slice(0, REPORT_LINES_SHOWN).map((line, index) => (
          <HStack as="li" key={index} align="start" gap="2" py="1" fontSize="sm">
            <Badge colorPalette={BADGES[line.status].palette} flexShrink={0}>
              {BADGES[line.status].label}
            </Badge>
            <Text wordBreak="break-word">
              <Text as="span" fontWeight="medium">
                {line.source}
              </Text>
              : {line.message}
            </Text>
          </HStack>
        ))}
      </Box>
      {sorted.length > REPORT_LINES_SHOWN ? (
        <Text fontSize="sm" color="fg.muted">
          And {(sorted.length - REPORT_LINES_SHOWN).toLocaleString('en-US')} more lines: save the report to
          see them all.
        </Text>
      ) : null}
    </Stack>
  );
}
