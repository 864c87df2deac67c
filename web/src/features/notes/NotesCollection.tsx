// The notes as a virtualised list or grid: only the rows near the viewport are in the DOM, so 10,000 notes
// render as fast as 20. Rows hold 1–3 cards; the page (window) is the scroll container.
import { SimpleGrid } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { LocalNote } from '../../db/types.ts';
import { NoteCard, type NoteCardActions } from './NoteCard.tsx';
import { useGridColumns } from './use-grid-columns.ts';

const GAP = 16;

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
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (view === 'grid' ? 240 : 200),
    overscan: 4,
    gap: GAP,
    scrollMargin,
  });
  return (
    <div
      ref={containerRef}
      data-testid="notes-collection"
      data-view={view}
      style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - scrollMargin}px)`,
          }}
        >
          <SimpleGrid columns={columns} gap={`${GAP}px`}>
            {notes.slice(row.index * columns, row.index * columns + columns).map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                highlight={highlight}
                converting={convertingId === note.id}
                canStudy={canStudy}
                canConvert={canConvert}
                now={now}
                {...actions}
              />
            ))}
          </SimpleGrid>
        </div>
      ))}
    </div>
  );
}
