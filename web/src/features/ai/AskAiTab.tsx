// 'Ask AI': a concept in, an explanation out (stored in the history by the server), with suggestion chips and
// 'Save as Note', which clears the input and the result once the note exists.
import { Box, Button, Card, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { EXPLANATIONS_KEY } from '../../api/queries.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { toast } from '../../ui/toast-store.ts';
import { aiErrorToast } from './ai-error-toast.ts';
import { ExplanationText } from './ExplanationText.tsx';
import { useSaveExplanation } from './use-save-explanation.ts';

export const SUGGESTED_CONCEPTS = [
  'Knowledge Management',
  'Digital Learning',
  'Content Curation',
  'Mind Mapping',
  'Note-Taking Methods',
  'Cognitive Load Theory',
  'Information Architecture',
] as const;

export function AskAiTab() {
  const queryClient = useQueryClient();
  const [concept, setConcept] = useState('');
  const [result, setResult] = useState<{ concept: string; explanation: string } | null>(null);
  const ask = useMutation({
    mutationFn: (text: string) => api.explain(text),
    onSuccess: (answer, text) => {
      setResult({ concept: answer.concept ?? text.trim(), explanation: answer.explanation });
      void queryClient.invalidateQueries({ queryKey: EXPLANATIONS_KEY });
    },
    onError: (error) => toast(aiErrorToast('explain', error)),
  });
  const save = useSaveExplanation(() => {
    setConcept('');
    setResult(null);
  });

  const submit = () => {
    if (!concept.trim() || ask.isPending) return;
    setResult(null);
    ask.mutate(concept);
  };

  return (
    <Stack gap="5">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <HStack gap="2" align="end">
          <Field.Root flex="1">
            <Field.Label srOnly>Concept</Field.Label>
            <Input
              value={concept}
              onChange={(event) => setConcept(event.target.value)}
              placeholder="Ask about any concept..."
              maxLength={200}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!concept.trim() || ask.isPending}>
            Ask AI
          </Button>
        </HStack>
      </form>
      <HStack gap="2" wrap="wrap" role="group" aria-label="Suggestions">
        {SUGGESTED_CONCEPTS.map((suggestion) => (
          <Button
            key={suggestion}
            size="xs"
            variant="outline"
            borderRadius="full"
            onClick={() => setConcept(suggestion)}
          >
            {suggestion}
          </Button>
        ))}
      </HStack>
      {ask.isPending ? (
        <HStack gap="3" color="fg.muted" role="status">
          <Spinner size="sm" />
          <Text>Generating explanation...</Text>
        </HStack>
      ) : null}
      {result ? (
        <Card.Root data-testid="ai-result">
          <Card.Header>
            <Card.Title>{result.concept}</Card.Title>
          </Card.Header>
          <Card.Body>
            <ExplanationText text={result.explanation} />
          </Card.Body>
          <Card.Footer>
            <Box>
              <Button
                colorPalette="blue"
                variant="outline"
                loading={save.isPending}
                onClick={() => save.mutate(result)}
              >
                Save as Note
              </Button>
            </Box>
          </Card.Footer>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
