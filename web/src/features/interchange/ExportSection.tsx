// "Export notes": a zip of every note as markdown, built from the browser's database (offline too), with
// progress while it is built and a line saying what was saved, and which files could not be included. Locked
// notes stay encrypted; "Export with locked notes in plain text…" warns first and unlocks if needed.
import { Button, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { isLockedNoteText } from '@private-notes/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { db } from '../../db/db.ts';
import { loadVaultRuntimeIfSetUp, vaultStatus } from '../../vault/vault-status.ts';
import { useVaultStatus } from '../vault/use-vault-status.ts';
import { downloadBlob } from './download-blob.ts';
import { type ExportResult, exportNotes, type MissingFile } from './export-notes.ts';
import { PlainExportDialog } from './PlainExportDialog.tsx';
import { TaskProgress } from './TaskProgress.tsx';

const UnlockDialog = lazy(() => import('../vault/UnlockDialog.tsx'));

type State =
  | { kind: 'idle' }
  | { kind: 'running'; phase: 'files' | 'notes'; done: number; total: number }
  | { kind: 'done'; message: string; missing: MissingFile[] }
  | { kind: 'failed'; message: string };

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function missingLine(file: MissingFile): string {
  const shown = file.notes.slice(0, 3).map((title) => `“${title}”`);
  const more = file.notes.length > 3 ? ` and ${file.notes.length - 3} more` : '';
  return `${file.name}, used in ${shown.join(', ')}${more}`;
}

function lockedLine(result: ExportResult): string {
  const kept =
    result.locked === 0
      ? ''
      : ` ${plural(result.locked, 'locked note is', 'locked notes are')} kept encrypted: only your vault opens ${result.locked === 1 ? 'it' : 'them'} (import the zip here to restore ${result.locked === 1 ? 'it' : 'them'}).`;
  const plain =
    result.unlocked === 0
      ? ''
      : ` ${plural(result.unlocked, 'locked note was', 'locked notes were')} written in plain text.`;
  return plain + kept;
}

export function ExportSection() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [asking, setAsking] = useState<'warning' | 'unlock' | null>(null);
  const vault = useVaultStatus();
  const lockedCount = useLiveQuery(
    () => db.notes.filter((note) => !note.deleted && isLockedNoteText(note.content)).count(),
    [],
  );
  useEffect(() => {
    void loadVaultRuntimeIfSetUp();
  }, []);
  const run = async (unlocked = false) => {
    setState({ kind: 'running', phase: 'notes', done: 0, total: 0 });
    try {
      const result = await exportNotes(
        ({ phase, done, total }) => setState({ kind: 'running', phase, done, total }),
        { unlocked },
      );
      downloadBlob(result.blob, result.fileName);
      const links = result.withPostLinks
        ? ''
        : ' Blog post links were left out: the server could not be reached.';
      const files =
        result.files === 0 ? '' : ` and ${plural(result.files, 'attached file', 'attached files')}`;
      setState({
        kind: 'done',
        message: `Exported ${plural(result.count, 'note', 'notes')}${files} to ${result.fileName}.${lockedLine(result)}${links}`,
        missing: result.missing,
      });
    } catch (error) {
      setState({
        kind: 'failed',
        message: `Export failed: ${error instanceof Error ? error.message : 'unknown error'}`,
      });
    }
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg">
            Export notes
          </Heading>
          <Text color="fg.muted">
            A zip with one markdown file per note, front matter first (title, id, dates, tags), and the files
            the notes use in a _resources folder. Obsidian, Joplin and any text editor read it. Works offline:
            the notes come from this browser.
          </Text>
          {lockedCount ? (
            <Text color="fg.muted">
              Locked notes stay encrypted in the zip (one “Locked note” file each, readable only with your
              vault). To write them in plain text, use “Export with locked notes in plain text”.
            </Text>
          ) : null}
          <HStack gap="2" wrap="wrap">
            <Button colorPalette="blue" onClick={() => void run()} loading={state.kind === 'running'}>
              Export notes
            </Button>
            {lockedCount ? (
              <Button
                variant="outline"
                disabled={state.kind === 'running' || !vault.hasVault}
                onClick={() => setAsking('warning')}
              >
                Export with locked notes in plain text…
              </Button>
            ) : null}
          </HStack>
          {asking === 'warning' ? (
            <PlainExportDialog
              lockedCount={lockedCount ?? 0}
              onCancel={() => setAsking(null)}
              onConfirm={() => {
                if (vaultStatus.get().unlocked) {
                  setAsking(null);
                  void run(true);
                } else setAsking('unlock');
              }}
            />
          ) : null}
          {asking === 'unlock' ? (
            <Suspense fallback={null}>
              <UnlockDialog
                onClose={() => setAsking(null)}
                onUnlocked={() => {
                  setAsking(null);
                  void run(true);
                }}
              />
            </Suspense>
          ) : null}
          {state.kind === 'running' ? (
            <TaskProgress
              label="Exporting notes"
              value={state.done}
              max={state.total}
              valueText={
                state.total === 0
                  ? 'Reading notes…'
                  : `${count(state.done)} of ${count(state.total)} ${state.phase === 'files' ? 'attached files' : 'notes'}`
              }
            />
          ) : null}
          {state.kind === 'done' ? <Text role="status">{state.message}</Text> : null}
          {state.kind === 'done' && state.missing.length > 0 ? (
            <Stack gap="1" role="alert">
              <Text color="fg.error">
                {plural(state.missing.length, 'attached file was', 'attached files were')} not included: not
                on this device, and the server could not be reached or does not have{' '}
                {state.missing.length === 1 ? 'it' : 'them'}. The links to{' '}
                {state.missing.length === 1 ? 'it' : 'them'} were kept as they were.
              </Text>
              <List.Root ps="5">
                {state.missing.map((file) => (
                  <List.Item key={file.sha256}>{missingLine(file)}</List.Item>
                ))}
              </List.Root>
            </Stack>
          ) : null}
          {state.kind === 'failed' ? (
            <Text role="alert" color="fg.error">
              {state.message}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
