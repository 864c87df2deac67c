// The notes as a virtualised list or grid: only the rows near the viewport are in the DOM, so 10,000 notes
// render as fast as 20. Rows hold 1–3 cards; the page (window) is the scroll container.
import { SimpleGrid } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { afterFirstScreen, firstScreenReleased } from '../../ui/after-first-screen.ts';
import { NoteCard, type NoteCardActions } from './NoteCard.tsx';
import { useGridColumns } from './use-grid-columns.ts';

const GAP = 16;
/** Rows rendered beyond the viewport, each way, once the first screen is painted. */
const OVERSCAN = 4;

interface NotesCollectionProps extends NoteCardActions {
  notes: LocalNote[];
  /** Search words to mark: each card then shows the passage around them instead of its opening. */
  highlight?: readonly string[];
  view: 'grid' | 'list';
  convertingId: string | null;
  canStudy: boolean;
  canConvert: boolean;
  now: number;
}

export function NotesCollection({
  notes,
  highlight,
  view,
  convertingId,
  canStudy,
  canConvert,
  now,
  ...actions
}: NotesCollectionProps) {
  const columns = useGridColumns(view);
  const rowCount = Math.ceil(notes.length / columns);
  const containerRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page, measured before the first paint, then again whenever the page's size
  // changes (what is above the list grew or shrank, the list itself changed length): the observer reports
  // after layout, so the reading costs nothing. Measured after every render instead, it forced a layout per
  // commit, a few hundred ms over a first sync's hundred commits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view or column count is a new layout to measure
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, [view, columns]);
  // The first screen renders only the rows in view: the rows beyond it (twice as many cards again) cost a warm
  // reload's first paint about half its React and style work; they follow once it is painted.
  const [overscan, setOverscan] = useState(() => (firstScreenReleased() ? OVERSCAN : 0));
  useEffect(
    () => (overscan === OVERSCAN ? undefined : afterFirstScreen(() => setOverscan(OVERSCAN))),
    [overscan],
  );
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (view === 'grid' ? 240 : 200),
    overscan,
    gap: GAP,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  // The shown rows' cards, flat: one parent keyed by note, so a card keeps its element when the layout changes
  // (the columns on a resize, the view once the settings arrive, the live list replacing the first page). Cards
  // nested per row were remounted when they moved to another row: a press that began on the old button then
  // ended on nothing, and opened nothing (issue 35, point 6).
  const shownNotes = first && last ? notes.slice(first.index * columns, (last.index + 1) * columns) : [];
  return (
    <div
      ref={containerRef}
      data-testid="notes-collection"
      data-view={view}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      <SimpleGrid
        columns={columns}
        gap={`${GAP}px`}
        position="absolute"
        top="0"
        left="0"
        width="100%"
        style={{ transform: `translateY(${(first?.start ?? scrollMargin) - scrollMargin}px)` }}
      >
        {shownNotes.map((note, offset) => {
          const index = (first?.index ?? 0) * columns + offset;
          // A grid row is as tall as its tallest card, and every card stretches to it: the row's first card
          // measures the row for the virtualizer. Every card names its row, so a card the virtualizer still
          // watches after it moved measures the row it is now in.
          const rowStart = index % columns === 0;
          return (
            <NoteCard
              key={note.id}
              measureRef={rowStart ? virtualizer.measureElement : undefined}
              rowIndex={Math.floor(index / columns)}
              note={note}
              highlight={highlight}
              converting={convertingId === note.id}
              canStudy={canStudy}
              canConvert={canConvert}
              now={now}
              {...actions}
            />
          );
        })}
      </SimpleGrid>
    </div>
  );
}
