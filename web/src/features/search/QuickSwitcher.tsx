// The quick switcher (Ctrl/Cmd+K on any owner screen): find a note by title as you type (fuzzy, the most recent
// first before anything is typed) or run a command, by keyboard alone: arrows move, Enter opens, Escape closes.
// A combobox and a listbox, so a screen reader follows the active option.
import { Box, Dialog, Input, Portal, Text } from '@chakra-ui/react';
import { fuzzyTitleScore } from '@private-notes/shared';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { SWITCHER_COMMANDS, type SwitcherCommand } from './quick-switcher-commands.ts';
import { searchClient } from './search-client.ts';

type Option =
  | { kind: 'note'; key: string; label: string; id: string }
  | { kind: 'command'; key: string; label: string; command: SwitcherCommand };

const NOTE_LIMIT = 8;

/** The commands matching the text, each with its score (every command, unscored, for an empty text). */
function matchCommands(text: string): Array<{ command: SwitcherCommand; score: number }> {
  if (!text.trim()) return SWITCHER_COMMANDS.map((command) => ({ command, score: 0 }));
  return SWITCHER_COMMANDS.map((command) => ({
    command,
    score: Math.max(
      fuzzyTitleScore(text, command.label) ?? -Infinity,
      fuzzyTitleScore(text, command.keywords) ?? -Infinity,
    ),
  })).filter((entry) => entry.score > -Infinity);
}

export function QuickSwitcher({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [notes, setNotes] = useState<Array<{ id: string; title: string }>>([]);
  const [active, setActive] = useState(0);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    void searchClient.titles(text, NOTE_LIMIT).then((matches) => {
      if (current) setNotes(matches);
    });
    return () => {
      current = false;
    };
  }, [open, text]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  // Notes and commands in one list by score. The notes are the worker's last answer, scored again against the
  // text as it is now, so a keystroke the worker has not answered yet never leaves stale notes on top.
  const options = useMemo<Option[]>(() => {
    const scored: Array<Option & { score: number }> = [];
    for (const note of notes) {
      const score = text.trim() ? fuzzyTitleScore(text, note.title) : 0;
      if (score !== null)
        scored.push({ kind: 'note', key: `note-${note.id}`, label: note.title, id: note.id, score });
    }
    const commands = matchCommands(text).map(({ command, score }) => ({
      kind: 'command' as const,
      key: `command-${command.id}`,
      label: command.label,
      command,
      score,
    }));
    if (!text.trim()) return [...scored, ...commands];
    // A command beats a note of the same score; otherwise the better match comes first.
    return [...commands, ...scored].sort((a, b) => b.score - a.score);
  }, [notes, text]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its first option
  useEffect(() => setActive(0), [options]);

  const run = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    if (option.kind === 'note') void navigate({ to: '/notes', search: { open: option.id } });
    else void navigate({ to: option.command.to, search: option.command.search ?? {} });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, options.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(options.length - 1);
    else if (event.key === 'Enter') run(options[active]);
    else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const firstCommand = options.findIndex((option) => option.kind === 'command');
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="top" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header pb="2">
              <Dialog.Title>Quick switcher</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="4">
              <Input
                role="combobox"
                aria-label="Find a note or command"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={options[active] ? optionId(active) : undefined}
                placeholder="Type a note title or a command…"
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={onKeyDown}
              />
              <Box
                as="ul"
                role="listbox"
                id={listId}
                aria-label="Notes and commands"
                mt="3"
                maxH="60vh"
                overflowY="auto"
              >
                {options.length === 0 ? (
                  <Text as="li" color="fg.muted" px="3" py="2">
                    Nothing matches “{text}”
                  </Text>
                ) : null}
                {options.map((option, index) => (
                  <Box as="li" key={option.key} listStyleType="none">
                    {index === 0 && option.kind === 'note' && !text.trim() ? (
                      <GroupLabel>Notes</GroupLabel>
                    ) : null}
                    {index === firstCommand && !text.trim() ? <GroupLabel>Commands</GroupLabel> : null}
                    <Box
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      px="3"
                      py="2"
                      borderRadius="md"
                      cursor="pointer"
                      bg={index === active ? 'bg.emphasized' : undefined}
                      onMouseMove={() => setActive(index)}
                      onClick={() => run(option)}
                      wordBreak="break-word"
                    >
                      {option.label}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function GroupLabel({ children }: { children: string }) {
  return (
    <Text
      aria-hidden
      fontSize="xs"
      fontWeight="semibold"
      color="fg.muted"
      textTransform="uppercase"
      px="3"
      pt="2"
      pb="1"
    >
      {children}
    </Text>
  );
}
