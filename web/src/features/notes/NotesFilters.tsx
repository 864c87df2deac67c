// The 'Search & Filter' panel: search text, tag filter (the union of the notes' tags), the six sorts, date range.
import { Box, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DATE_RANGES, type DateRange, NOTE_SORTS } from '@private-notes/shared';
import {
  DATE_RANGE_LABELS,
  type NotesFilterState,
  type NotesSortChoice,
  RELEVANCE_SORT,
  SORT_LABELS,
} from './notes-filter-state.ts';

interface Props {
  filters: NotesFilterState;
  tagOptions: string[];
  onChange(next: NotesFilterState): void;
}

export function NotesFilters({ filters, tagOptions, onChange }: Props) {
  const toggleTag = (tag: string) =>
    onChange({
      ...filters,
      tags: filters.tags.includes(tag) ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag],
    });
  const sortChoices: NotesSortChoice[] = filters.searchQuery.trim()
    ? [RELEVANCE_SORT, ...NOTE_SORTS]
    : [...NOTE_SORTS];
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="notes-filters">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root>
            <Field.Label>Search</Field.Label>
            <Input
              type="search"
              placeholder="Search notes..."
              aria-describedby="notes-search-help"
              value={filters.searchQuery}
              onChange={(event) => onChange({ ...filters, searchQuery: event.target.value })}
            />
            <Field.HelperText id="notes-search-help">
              Words in any order; "exact phrase", -exclude, tag:name
            </Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Sort by</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={filters.sortBy}
                onChange={(event) => onChange({ ...filters, sortBy: event.target.value as NotesSortChoice })}
              >
                {sortChoices.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>Date range</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={filters.dateRange}
                onChange={(event) => onChange({ ...filters, dateRange: event.target.value as DateRange })}
              >
                {DATE_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {DATE_RANGE_LABELS[range]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium" id="notes-tag-filter-label">
            Tags
          </Text>
          {tagOptions.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No tags yet
            </Text>
          ) : (
            <HStack gap="2" wrap="wrap" role="group" aria-labelledby="notes-tag-filter-label">
              {tagOptions.map((tag) => {
                const active = filters.tags.includes(tag);
                return (
                  <Button
                    key={tag}
                    size="xs"
                    variant={active ? 'solid' : 'outline'}
                    colorPalette={active ? 'blue' : 'gray'}
                    aria-pressed={active}
                    onClick={() => toggleTag(tag)}
                  >
                    {tag}
                  </Button>
                );
              })}
            </HStack>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
