// "I have lost my passphrase and recovery key" (the unlock dialog and Settings): an honest explanation, a typed
// confirmation, then every locked note deleted everywhere and the vault removed, so locked notes can be set up
// again. Cancel changes nothing. Shown inline (not a dialog), so it also works inside the unlock dialog.
import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast-store.ts';
import { vaultRuntime } from '../../vault/vault-runtime.ts';
import { FormError } from './FormError.tsx';

export const DELETE_CONFIRMATION = 'DELETE LOCKED NOTES';
const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export function LostEverything({ onDeleted }: { onDeleted?(): void }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!open)
    return (
      <Button
        ref={trigger}
        variant="plain"
        size="sm"
        alignSelf="start"
        textDecoration="underline"
        whiteSpace="normal"
        onClick={() => setOpen(true)}
      >
        I have lost my passphrase and recovery key
      </Button>
    );
  return (
    <LostEverythingForm
      onCancel={() => {
        setOpen(false);
        requestAnimationFrame(() => trigger.current?.focus());
      }}
      onDeleted={() => {
        setOpen(false);
        onDeleted?.();
      }}
    />
  );
}

function LostEverythingForm({ onCancel, onDeleted }: { onCancel(): void; onDeleted(): void }) {
  const [typed, setTyped] = useState('');
  const [counts, setCounts] = useState<{ live: number; trash: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    vaultRuntime.countLockedNotes().then(setCounts, () => setCounts(null));
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== DELETE_CONFIRMATION) {
      setError(`Type ${DELETE_CONFIRMATION} to confirm, or cancel.`);
      return;
    }
    setBusy(true);
    try {
      const deleted = await vaultRuntime.deleteEverything();
      toast({
        title: 'Locked notes deleted',
        description: `${plural(deleted, 'locked note')} deleted. You can set up locked notes again with a new passphrase.`,
      });
      onDeleted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delete all locked notes">
      <Stack gap="3" maxW="md">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              Without the passphrase or the recovery key, nobody can open your locked notes
            </Alert.Title>
            <Alert.Description>
              Not us, not the server: they are encrypted with keys only those two can unlock. The only way on
              is to delete them, on every device and from the Trash, with their history. Your other notes are
              not touched. Afterwards you can set up locked notes again with a new passphrase.
              {counts
                ? ` This device knows of ${plural(counts.live, 'locked note')}${counts.trash ? ` and ${counts.trash} in the Trash` : ''}.`
                : ''}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text fontSize="sm">
          If you may still find the passphrase or the recovery key (a password manager, a printed page, a file
          named private-notes-recovery-key.txt), cancel and look first.
        </Text>
        <Field.Root invalid={error !== null}>
          <Field.Label>Type {DELETE_CONFIRMATION} to confirm</Field.Label>
          <Input
            ref={input}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setError(null);
            }}
          />
        </Field.Root>
        <FormError error={error} />
        <HStack gap="3" wrap="wrap">
          <Button
            type="submit"
            colorPalette="red"
            disabled={typed.trim() !== DELETE_CONFIRMATION}
            loading={busy}
            loadingText="Deleting…"
          >
            Delete all locked notes
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
