// Adding a flashcard by hand (question and answer, or a cloze text: one card per deletion number) or editing
// one. Labelled fields, the errors beside them, Escape or Cancel closes with nothing changed, and focus goes
// back to the button that opened it.
import { Button, Dialog, Field, HStack, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { CARD_TEXT_MAX, cardTextError, clozeTextError } from '@private-notes/shared';
import { useState } from 'react';
import { addClozeCards, addFlashcard, CardInputError, editFlashcard } from '../../db/card-store.ts';
import type { LocalFlashcard } from '../../db/types.ts';
import { toast } from '../../ui/toast-store.ts';

export type CardDialogTarget = { mode: 'add'; noteId: string } | { mode: 'edit'; card: LocalFlashcard };

interface Props {
  target: CardDialogTarget | null;
  onClose(): void;
}

export function CardDialog({ target, onClose }: Props) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid="card-dialog">
            {target ? <CardForm target={target} onClose={onClose} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Errors = {
  question?: string | null;
  answer?: string | null;
  text?: string | null;
  form?: string | null;
};

function CardForm({ target, onClose }: { target: CardDialogTarget; onClose(): void }) {
  const editing = target.mode === 'edit' ? target.card : null;
  const [type, setType] = useState<'basic' | 'cloze'>(editing?.cloze ? 'cloze' : 'basic');
  const [question, setQuestion] = useState(editing && !editing.cloze ? editing.question : '');
  const [answer, setAnswer] = useState(editing && !editing.cloze ? editing.answer : '');
  const [text, setText] = useState(editing?.cloze ? editing.question : '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const found: Errors =
      type === 'cloze'
        ? { text: clozeTextError(text, editing?.cloze ?? undefined) }
        : { question: cardTextError('Question', question), answer: cardTextError('Answer', answer) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      if (editing) {
        await editFlashcard(
          editing.id,
          type === 'cloze' ? { question: text, answer: '' } : { question, answer },
        );
        toast({ title: 'Card saved' });
      } else if (type === 'cloze') {
        const made = await addClozeCards(target.mode === 'add' ? target.noteId : '', text);
        toast({ title: made.length === 1 ? 'Card added' : `${made.length} cards added` });
      } else {
        await addFlashcard(target.mode === 'add' ? target.noteId : '', { question, answer });
        toast({ title: 'Card added' });
      }
      onClose();
    } catch (error) {
      setErrors({ form: error instanceof CardInputError ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{editing ? 'Edit card' : 'Add card'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {editing ? null : (
            <RadioGroup.Root
              value={type}
              onValueChange={(details) => setType(details.value as 'basic' | 'cloze')}
              aria-label="Card type"
            >
              <HStack gap="4" wrap="wrap">
                <RadioGroup.Item value="basic">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Question and answer</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="cloze">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Cloze</RadioGroup.ItemText>
                </RadioGroup.Item>
              </HStack>
            </RadioGroup.Root>
          )}
          {type === 'cloze' ? (
            <Field.Root invalid={Boolean(errors.text)}>
              <Field.Label>Text</Field.Label>
              <Textarea
                rows={4}
                value={text}
                maxLength={CARD_TEXT_MAX}
                onChange={(event) => setText(event.target.value)}
              />
              <Field.HelperText>
                {editing
                  ? `This card asks for deletion c${editing.cloze}.`
                  : 'Wrap what to hide in {{c1::…}}; each number (c1, c2, …) makes its own card.'}
              </Field.HelperText>
              <Field.ErrorText>{errors.text}</Field.ErrorText>
            </Field.Root>
          ) : (
            <>
              <Field.Root invalid={Boolean(errors.question)}>
                <Field.Label>Question</Field.Label>
                <Textarea
                  rows={3}
                  value={question}
                  maxLength={CARD_TEXT_MAX}
                  onChange={(event) => setQuestion(event.target.value)}
                />
                <Field.ErrorText>{errors.question}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.answer)}>
                <Field.Label>Answer</Field.Label>
                <Textarea
                  rows={3}
                  value={answer}
                  maxLength={CARD_TEXT_MAX}
                  onChange={(event) => setAnswer(event.target.value)}
                />
                <Field.ErrorText>{errors.answer}</Field.ErrorText>
              </Field.Root>
            </>
          )}
          {errors.form ? (
            <Text color="fg.error" role="alert">
              {errors.form}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={saving}>
          Save card
        </Button>
      </Dialog.Footer>
    </form>
  );
}
