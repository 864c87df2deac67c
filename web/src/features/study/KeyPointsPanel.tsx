// Study mode's Key Points tab: the note's stored key points as a numbered list. The owner edits one in place,
// deletes one (after a confirmation) or adds one by hand; hand-made and edited points survive a new extraction,
// and every change syncs (db/card-store.ts).
import { Box, Button, chakra, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { CARD_TEXT_MAX, cardTextError } from '@private-notes/shared';
import { useState } from 'react';
import { addKeyPoint, deleteKeyPoint, editKeyPoint } from '../../db/card-store.ts';
import type { LocalKeyPoint } from '../../db/types.ts';
import { ConfirmDialog } from '../../ui/private/ConfirmDialog.tsx';

interface Props {
  points: LocalKeyPoint[];
  /** The note's client id (key points added by hand belong to it). */
  noteId: string;
}

export function KeyPointsPanel({ points, noteId }: Props) {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LocalKeyPoint | null>(null);
  return (
    <Stack gap="3">
      {points.length === 0 && editing !== 'new' ? <Text color="fg.muted">No key points yet.</Text> : null}
      {points.length > 0 ? (
        <Stack as="ol" gap="3" data-testid="key-points">
          {points.map((point, index) => (
            <Box as="li" key={point.id} display="flex" gap="3" p="3" borderWidth="1px" borderRadius="md">
              <Text fontWeight="bold" color="blue.fg" flexShrink={0}>
                {index + 1}.
              </Text>
              {editing === point.id ? (
                <PointEditor
                  initial={point.content}
                  onCancel={() => setEditing(null)}
                  onSave={async (content) => {
                    await editKeyPoint(point.id, content);
                    setEditing(null);
                  }}
                />
              ) : (
                <Stack gap="1" flex="1" minW="0">
                  <Text wordBreak="break-word">{point.content}</Text>
                  <HStack gap="1" wrap="wrap">
                    <Button size="xs" variant="ghost" onClick={() => setEditing(point.id)}>
                      Edit key point
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(point)}>
                      Delete key point
                    </Button>
                  </HStack>
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      ) : null}
      {editing === 'new' ? (
        <Box p="3" borderWidth="1px" borderRadius="md">
          <PointEditor
            initial=""
            onCancel={() => setEditing(null)}
            onSave={async (content) => {
              await addKeyPoint(noteId, content);
              setEditing(null);
            }}
          />
        </Box>
      ) : (
        <Button alignSelf="start" size="sm" variant="outline" onClick={() => setEditing('new')}>
          Add key point
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this key point?"
        description="It is removed from every device."
        confirmLabel="Delete key point"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void deleteKeyPoint(deleting.id);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function PointEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave(content: string): Promise<void>;
  onCancel(): void;
}) {
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const problem = cardTextError('Key point', content);
    setError(problem);
    if (problem) return;
    try {
      await onSave(content);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="2"
      flex="1"
      minW="0"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        // Escape leaves the text as it was; study mode itself stays open.
        if (event.key === 'Escape') {
          event.stopPropagation();
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Key point</Field.Label>
        <Textarea
          rows={2}
          value={content}
          maxLength={CARD_TEXT_MAX}
          autoFocus
          onChange={(event) => setContent(event.target.value)}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="blue">
          Save key point
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </chakra.form>
  );
}
