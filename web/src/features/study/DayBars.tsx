// A bar per day as plain CSS boxes, with the numbers as text: the chart is one labelled image for screen
// readers (its summary), and the same numbers open as a table under it. Bars shrink with the width, so 30 of
// them fit a 390 px phone without sideways scrolling.
import { Box, Flex, Table, Text } from '@chakra-ui/react';
import type { DayCount } from './study-stats.ts';

interface Props {
  title: string;
  days: readonly DayCount[];
  /** "reviews", "cards due". */
  unit: string;
  color: string;
  testId: string;
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

export function DayBars({ title, days, unit, color, testId }: Props) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<DayCount | null>((top, d) => (d.count > (top?.count ?? 0) ? d : top), null);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `${title}, ${dayLabel(first.day)} to ${dayLabel(last.day)}: ${total} ${unit} in total${
          busiest ? `, most on ${dayLabel(busiest.day)} (${busiest.count})` : ''
        }.`
      : title;
  return (
    <Box as="figure" m="0" minW="0" data-testid={testId}>
      <Flex
        role="img"
        aria-label={summary}
        h="32"
        align="flex-end"
        gap="1px"
        borderBottomWidth="1px"
        minW="0"
      >
        {days.map((d) => (
          <Box
            key={d.day}
            flex="1 1 0"
            minW="0"
            h={`${(d.count / max) * 100}%`}
            minH={d.count > 0 ? '2px' : '0'}
            bg={color}
            borderTopRadius="sm"
            title={`${dayLabel(d.day)}: ${d.count}`}
          />
        ))}
      </Flex>
      <Flex justify="space-between" fontSize="xs" color="fg.muted" mt="1" aria-hidden="true">
        <span>{first ? dayLabel(first.day) : ''}</span>
        <span>{last ? dayLabel(last.day) : ''}</span>
      </Flex>
      <Text as="figcaption" fontSize="sm" color="fg.muted" mt="1">
        {total} {unit} in total
      </Text>
      <Box as="details" mt="2" fontSize="sm">
        <Box as="summary" cursor="pointer">
          Show {title.toLowerCase()} as a table
        </Box>
        <Table.Root size="sm" mt="2" maxW="sm">
          <Table.Caption srOnly>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {unit.charAt(0).toUpperCase() + unit.slice(1)}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {days.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{dayLabel(d.day)}</Table.Cell>
                <Table.Cell textAlign="end">{d.count}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
