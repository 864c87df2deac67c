// Title suggestions while a [[link]] is typed in the note editor: up to eight notes by fuzzy title, chosen with
// the arrow keys and Enter or Tab (or a click), Escape to dismiss. Keys are taken from the textarea before the
// editor sees them (on the window, capture phase), and only while suggestions show. The chosen title is typed in through the browser's
// editing commands, so Ctrl+Z undoes it like any typing.
import { Box, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { searchClient } from '../search/search-client.ts';
import { completeLink, type LinkInProgress, linkInProgress } from './link-suggestion.ts';
import { useWikiLinks } from './wiki-link-context.ts';

const LIMIT = 8;

export function WikiLinkSuggestions({ textareaRef }: { textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const [link, setLink] = useState<LinkInProgress | null>(null);
  const [titles, setTitles] = useState<Array<{ id: string; title: string }>>([]);
  const [active, setActive] = useState(0);
  const listId = useId();
  const links = useWikiLinks();
  const lockedTitles = useRef(links?.lockedTitles);
  lockedTitles.current = links?.lockedTitles;
  const state = useRef({ link, titles, active });
  state.current = { link, titles, active };
  const textarea = textareaRef.current;

  useEffect(() => {
    if (!textarea) return;
    const update = () => {
      const next =
        textarea.selectionStart === textarea.selectionEnd
          ? linkInProgress(textarea.value, textarea.selectionStart)
          : null;
      setLink((current) =>
        current?.start === next?.start && current?.query === next?.query ? current : next,
      );
    };
    const choose = (title: string) => {
      const current = state.current.link;
      if (!current) return;
      const caret = textarea.selectionStart;
      const done = completeLink(textarea.value, caret, current, title);
      textarea.focus();
      textarea.setSelectionRange(current.start, caret);
      // insertText keeps the editor's undo history; where it is missing, set the value and tell React.
      if (!document.execCommand('insertText', false, done.inserted)) {
        textarea.value = done.value;
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
      }
      textarea.setSelectionRange(done.caret, done.caret);
      setLink(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== textarea) return;
      const { link: current, titles: options, active: index } = state.current;
      if (!current || options.length === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        setActive((i) =>
          event.key === 'ArrowDown' ? (i + 1) % options.length : (i - 1 + options.length) % options.length,
        );
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        choose(options[index]!.title);
      } else if (event.key === 'Escape') {
        setLink(null);
      } else return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onChoose = (event: Event) => choose((event as CustomEvent<string>).detail);
    textarea.addEventListener('input', update);
    textarea.addEventListener('keyup', update);
    textarea.addEventListener('click', update);
    // On the window, in the capture phase: before the editor's own keys (list continuation takes Enter too).
    window.addEventListener('keydown', onKeyDown, true);
    textarea.addEventListener('pn-choose-link', onChoose);
    return () => {
      textarea.removeEventListener('input', update);
      textarea.removeEventListener('keyup', update);
      textarea.removeEventListener('click', update);
      window.removeEventListener('keydown', onKeyDown, true);
      textarea.removeEventListener('pn-choose-link', onChoose);
    };
  }, [textarea]);

  useEffect(() => {
    if (!link) {
      setTitles([]);
      return;
    }
    let current = true;
    void searchClient.titles(link.query, LIMIT).then((found) => {
      if (current) {
        // Unlocked locked notes first (the worker's index cannot hold their titles), then the rest.
        const locked = link.query.trim() ? (lockedTitles.current?.(link.query, LIMIT) ?? []) : [];
        const ids = new Set(locked.map((m) => m.id));
        const matches = [...locked, ...found.filter((m) => !ids.has(m.id))].slice(0, LIMIT);
        setTitles(matches);
        setActive(0);
      }
    });
    return () => {
      current = false;
    };
  }, [link]);

  if (!link || titles.length === 0) return null;
  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg" shadow="md" mt="1" p="1" data-testid="link-suggestions">
      <Text fontSize="xs" color="fg.muted" px="2" py="1" id={`${listId}-label`} aria-live="polite">
        Link to a note: ↑ ↓ to choose, Enter to insert, Esc to close
      </Text>
      <Box as="ul" role="listbox" id={listId} aria-labelledby={`${listId}-label`}>
        {titles.map((match, index) => (
          <Box
            as="li"
            key={match.id}
            role="option"
            aria-selected={index === active}
            listStyleType="none"
            px="2"
            py="1"
            borderRadius="sm"
            cursor="pointer"
            bg={index === active ? 'bg.emphasized' : undefined}
            // mousedown, so the textarea keeps its caret
            onMouseDown={(event) => {
              event.preventDefault();
              textarea?.dispatchEvent(new CustomEvent('pn-choose-link', { detail: match.title }));
            }}
          >
            {match.title}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
