// 'History': the owner's explanations (fetched only once this tab mounts), searchable by concept or text,
// as cards with a 2-line preview, 'View explanation' and a quick save; the detail view shows the full text.
import {
  Button,
  Card,
  Field,
  Flex,
  HStack,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type Explanation, filterExplanations, formatCardDate } from '@private-notes/shared';
import { useDeferredValue, useState } from 'react';
import { EXPLANATIONS_KEY } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { fetchExplanations } from './fetch-explanations.ts';
import { useSaveExplanation } from './use-save-explanation.ts';

const SKELETONS = 3;

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

function SaveIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M19 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11l5 5v11a2 2 0 0 1-2 2z" />
      <path d="M17 21v-8H7v8M7 3v5h8" />
    </svg>
  );
}

export function HistoryTab() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Explanation | null>(null);
  const query = useQuery({
    queryKey: EXPLANATIONS_KEY,
    queryFn: ({ signal }) => fetchExplanations(signal),
  });
  const save = useSaveExplanation();
  const deferred = useDeferredValue(search);
  const shown = query.data ? filterExplanations(query.data, deferred) : [];

  if (selected) {
    return (
      <Stack gap="4" data-testid="explanation-detail">
        <Button alignSelf="start" variant="ghost" size="sm" onClick={() => setSelected(null)}>
          ← Back to history
        </Button>
        <Stack gap="1">
          <Text as="h2" fontSize="2xl" fontWeight="bold">
            {selected.concept}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(selected.createdAt)}
          </Text>
        </Stack>
        <Text whiteSpace="pre-wrap" lineHeight="1.7">
          {selected.explanation}
        </Text>
        <Button
          alignSelf="start"
          colorPalette="blue"
          variant="outline"
          loading={save.isPending}
          onClick={() => save.mutate(selected)}
        >
          Save as Note
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label srOnly>Search explanations</Field.Label>
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search explanations..."
        />
      </Field.Root>
      {query.isPending ? (
        <Stack gap="3" data-testid="history-loading">
          {Array.from({ length: SKELETONS }, (_, index) => (
            <Skeleton key={index} height="96px" borderRadius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Text color="fg.error" role="alert">
          {query.error.message}
        </Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="8">
          {search.trim() ? 'No matching explanations found.' : 'No explanations yet.'}
        </Text>
      ) : (
        <Stack gap="3" maxH="60vh" overflowY="auto" pr="1" data-testid="history-list">
          {shown.map((item) => (
            <Card.Root key={item.id} size="sm" data-testid="history-item" flexShrink={0}>
              <Card.Body gap="1">
                <Flex justify="space-between" align="start" gap="2">
                  <Text fontWeight="semibold">{item.concept}</Text>
                  <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                    {formatCardDate(item.createdAt)}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {item.explanation}
                </Text>
                <HStack justify="space-between" mt="1">
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="blue"
                    px="1"
                    onClick={() => setSelected(item)}
                  >
                    View explanation
                  </Button>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Save "${item.concept}" as a note`}
                    title="Save as Note"
                    disabled={save.isPending}
                    onClick={() => save.mutate(item)}
                  >
                    <SaveIcon />
                  </IconButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
