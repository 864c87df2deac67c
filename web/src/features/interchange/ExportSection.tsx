// "Export notes": a zip of every note as markdown, built from the browser's database (offline too), with
// progress while it is built and a line saying what was saved.
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { downloadBlob } from './download-blob.ts';
import { exportNotes } from './export-notes.ts';
import { TaskProgress } from './TaskProgress.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

const count = (n: number) => n.toLocaleString('en-US');

export function ExportSection() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'running', done: 0, total: 0 });
    try {
      const result = await exportNotes(({ done, total }) => setState({ kind: 'running', done, total }));
      downloadBlob(result.blob, result.fileName);
      const links = result.withPostLinks
        ? ''
        : ' Blog post links were left out: the server could not be reached.';
      setState({
        kind: 'done',
        message: `Exported ${count(result.count)} ${result.count === 1 ? 'note' : 'notes'} to ${result.fileName}.${links}`,
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
            A zip with one markdown file per note, front matter first (title, id, dates, tags). Obsidian,
            Joplin and any text editor read it. Works offline: the notes come from this browser.
          </Text>
          <div>
            <Button colorPalette="blue" onClick={() => void run()} loading={state.kind === 'running'}>
              Export notes
            </Button>
          </div>
          {state.kind === 'running' ? (
            <TaskProgress
              label="Exporting notes"
              value={state.done}
              max={state.total}
              valueText={
                state.total === 0 ? 'Reading notes…' : `${count(state.done)} of ${count(state.total)} notes`
              }
            />
          ) : null}
          {state.kind === 'done' ? <Text role="status">{state.message}</Text> : null}
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
