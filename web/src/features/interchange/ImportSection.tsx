// "Import notes": choose markdown files, a folder (an Obsidian vault, a Joplin export), a zip or an Evernote
// export; see "N new, M already here" and every file that is not a note; choose; then the notes are written in
// batches through the outbox (they sync like any new note) with a progress bar and a per-file report. "Import
// as locked notes" seals every note on this device before it is written; a locked export of this vault comes
// back locked (both unlock first when needed).
import { Button, Card, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadVaultRuntimeIfSetUp, vaultStatus } from '../../vault/vault-status.ts';
import { useVaultStatus } from '../vault/use-vault-status.ts';
import { ImportReport } from './ImportReport.tsx';
import type { ImportScan, ReportLine } from './import-types.ts';
import { ImportRefusedError } from './locked-import.ts';
import { type ImportOutcome, type ImportPreview, previewImport, runImport } from './run-import.ts';
import { scanImportFiles } from './scan-import-files.ts';
import { TaskProgress } from './TaskProgress.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'reading'; current: string; done: number; total: number }
  | { kind: 'preview'; scan: ImportScan; preview: ImportPreview }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; outcome: ImportOutcome }
  | { kind: 'failed'; message: string };

const count = (n: number) => n.toLocaleString('en-US');
const notes = (n: number) => `${count(n)} ${n === 1 ? 'note' : 'notes'}`;
const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

const UnlockDialog = lazy(() => import('../vault/UnlockDialog.tsx'));

export function ImportSection() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [replaceExisting, setReplaceExisting] = useState(false);
  const [lockAll, setLockAll] = useState(false);
  const [unlockFor, setUnlockFor] = useState<ImportScan | null>(null);
  const vault = useVaultStatus();
  useEffect(() => {
    void loadVaultRuntimeIfSetUp();
  }, []);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // Folder picking is a non-standard attribute React does not know; set it on the element.
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setReplaceExisting(false);
    setLockAll(false);
    setState({ kind: 'reading', current: '', done: 0, total: 0 });
    try {
      // The vault's header (which vault a locked file belongs to) is read before the files are.
      await loadVaultRuntimeIfSetUp().catch(() => {});
      const scan = await scanImportFiles(files, ({ current, bytesDone, bytesTotal }) =>
        setState({ kind: 'reading', current, done: bytesDone, total: bytesTotal }),
      );
      setState({ kind: 'preview', scan, preview: previewImport(scan) });
    } catch (error) {
      setState({
        kind: 'failed',
        message:
          error instanceof ImportRefusedError
            ? error.message
            : `The files could not be read: ${error instanceof Error ? error.message : 'unknown error'}`,
      });
    }
  };

  const write = async (scan: ImportScan) => {
    setState({ kind: 'importing', done: 0, total: 0 });
    const outcome = await runImport(scan, { replaceExisting, lock: lockAll }, (done, total) =>
      setState({ kind: 'importing', done, total }),
    );
    setState({ kind: 'done', outcome });
  };

  // Sealing (and opening a locked export) happens here, with the vault unlocked: asked for first when it is not.
  const start = (scan: ImportScan, preview: ImportPreview) => {
    if ((lockAll || preview.locked > 0) && !vaultStatus.get().unlocked) setUnlockFor(scan);
    else void write(scan);
  };

  const busy = state.kind === 'reading' || state.kind === 'importing';
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg">
            Import notes
          </Heading>
          <Text color="fg.muted">
            Markdown files, a folder (an Obsidian vault, a Joplin “Markdown + Front Matter” export), a zip of
            them (this app’s own export too), or an Evernote export (.enex). Dates, tags and titles are kept;
            you see what is new before anything is written. Works offline: the notes sync when the server is
            reachable.
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" disabled={busy} onClick={() => filesInput.current?.click()}>
              Choose files…
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => folderInput.current?.click()}>
              Choose a folder…
            </Button>
            <input
              ref={filesInput}
              type="file"
              multiple
              accept=".md,.markdown,.txt,.zip,.enex"
              hidden
              aria-label="Files to import"
              onChange={(event) => void read(event)}
            />
            <input
              ref={folderInput}
              type="file"
              hidden
              aria-label="Folder to import"
              onChange={(event) => void read(event)}
            />
          </HStack>

          {state.kind === 'reading' ? (
            <TaskProgress
              label="Reading files"
              value={state.done}
              max={state.total}
              valueText={`${megabytes(state.done)} of ${megabytes(state.total)}${state.current ? ` · ${state.current}` : ''}`}
            />
          ) : null}

          {state.kind === 'preview' ? (
            <Stack gap="3" data-testid="import-preview">
              <Text fontWeight="semibold" role="status">
                {count(state.preview.fresh)} new, {count(state.preview.here)} already here
                {state.preview.problems > 0 ? `, ${count(state.preview.problems)} with problems` : ''}
              </Text>
              {state.preview.locked > 0 ? (
                <Text>
                  {state.preview.locked === 1
                    ? '1 locked note from an export of your vault: it is imported locked.'
                    : `${count(state.preview.locked)} locked notes from an export of your vault: they are imported locked.`}
                </Text>
              ) : null}
              <Checkbox.Root
                checked={lockAll}
                disabled={!vault.hasVault}
                onCheckedChange={(e) => setLockAll(e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  Import as locked notes (encrypted on this device before they are saved or synced)
                </Checkbox.Label>
              </Checkbox.Root>
              {vault.hasVault ? null : (
                <Text color="fg.muted" fontSize="sm">
                  To import as locked notes, set up locked notes first in Settings › Locked notes.
                </Text>
              )}
              {state.preview.here > 0 ? (
                <Checkbox.Root
                  checked={replaceExisting}
                  onCheckedChange={(e) => setReplaceExisting(e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    Replace the {notes(state.preview.here)} already here with the imported version (their
                    current text stays in History)
                  </Checkbox.Label>
                </Checkbox.Root>
              ) : null}
              <HStack gap="2">
                <Button
                  colorPalette="blue"
                  disabled={state.preview.fresh === 0 && !(replaceExisting && state.preview.here > 0)}
                  onClick={() => start(state.scan, state.preview)}
                >
                  Import {notes(state.preview.fresh + (replaceExisting ? state.preview.here : 0))}
                </Button>
                <Button variant="ghost" onClick={() => setState({ kind: 'idle' })}>
                  Cancel
                </Button>
              </HStack>
              <ImportReport title="Files read" lines={previewLines(state.scan)} />
            </Stack>
          ) : null}

          {state.kind === 'importing' ? (
            <TaskProgress
              label="Importing notes"
              value={state.done}
              max={state.total}
              valueText={`${count(state.done)} of ${notes(state.total)}`}
            />
          ) : null}

          {state.kind === 'done' ? (
            <Stack gap="2">
              <Text role="status" fontWeight="semibold">
                Imported {notes(state.outcome.imported)}
                {state.outcome.replaced > 0 ? `, replaced ${notes(state.outcome.replaced)}` : ''}.
              </Text>
              {state.outcome.error ? (
                <Text role="alert" color="fg.error">
                  {state.outcome.error}
                </Text>
              ) : null}
              <ImportReport title="Import report" lines={state.outcome.lines} />
            </Stack>
          ) : null}

          {unlockFor ? (
            <Suspense fallback={null}>
              <UnlockDialog
                onClose={() => setUnlockFor(null)}
                onUnlocked={() => {
                  setUnlockFor(null);
                  void write(unlockFor);
                }}
              />
            </Suspense>
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

function previewLines(scan: ImportScan): ReportLine[] {
  return [
    ...scan.candidates.map((candidate): ReportLine => {
      const here = candidate.matchId !== null || candidate.duplicateOf !== undefined;
      const base = candidate.duplicateOf
        ? `same note as ${candidate.duplicateOf}`
        : here
          ? 'already here'
          : 'new';
      const message = candidate.warnings.length > 0 ? `${base}; ${candidate.warnings.join('; ')}` : base;
      return { source: candidate.source, status: here ? 'here' : 'new', message };
    }),
    ...scan.problems,
  ];
}
