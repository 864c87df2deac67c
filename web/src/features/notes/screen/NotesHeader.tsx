// The notes screen's heading: title, note count (a placeholder until known, never a false "0 notes"), sync
// status, a feature's extra badge, and in list mode the view toggle, Search & Filter, Import & Export, Trash
// and New Note.
import { Button, Flex, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { noteCountLabel } from '@private-notes/shared';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FilterIcon, GridIcon, ListIcon, PlusIcon } from '../note-icons.tsx';
import { SyncStatusBadge } from '../SyncStatusBadge.tsx';
import { NotesFilters, preloadEditor } from './note-parts.ts';

interface Props {
  countShown: number | undefined;
  loadError: string | null;
  catchingUp: boolean;
  headerExtra?: ReactNode;
  /** The toolbar shows in list mode only. */
  listMode: boolean;
  view: 'grid' | 'list';
  setView(view: 'grid' | 'list'): void;
  filtersOpen: boolean;
  toggleFilters(): void;
  openNew(): void;
}

export function NotesHeader(props: Props) {
  const { countShown, view, setView, filtersOpen } = props;
  return (
    <Flex
      justify="space-between"
      align={{ base: 'start', md: 'center' }}
      gap="4"
      mb="6"
      direction={{ base: 'column', md: 'row' }}
    >
      <Stack gap="1" minW="0" maxW="full">
        <Text as="h1" fontSize="3xl" fontWeight="bold">
          My Notes
        </Text>
        <Text color="fg.muted">Manage your personal notes and knowledge collection</Text>
        {/* Wraps on a phone: the count, the sync status and the due badge each stay whole. */}
        <HStack gap="3" rowGap="1" wrap="wrap">
          {countShown === undefined ? (
            props.loadError ? null : (
              // Until the local database answers, a placeholder (as the cards below): never a false "0 notes".
              <Skeleton height="4" width="16" data-testid="note-count-loading" aria-hidden="true" />
            )
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="note-count">
              {noteCountLabel(countShown)}
            </Text>
          )}
          <SyncStatusBadge catchingUp={props.catchingUp} />
          {props.headerExtra}
        </HStack>
      </Stack>
      {props.listMode ? (
        <HStack gap="2" wrap="wrap">
          <HStack gap="0" borderWidth="1px" borderRadius="md" role="group" aria-label="View">
            <IconButton
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              variant={view === 'grid' ? 'subtle' : 'ghost'}
              size="sm"
              onClick={() => setView('grid')}
            >
              <GridIcon />
            </IconButton>
            <IconButton
              aria-label="List view"
              aria-pressed={view === 'list'}
              variant={view === 'list' ? 'subtle' : 'ghost'}
              size="sm"
              onClick={() => setView('list')}
            >
              <ListIcon />
            </IconButton>
          </HStack>
          <Button
            variant="outline"
            size="sm"
            onClick={props.toggleFilters}
            onPointerEnter={NotesFilters.preload}
            onFocus={NotesFilters.preload}
            aria-expanded={filtersOpen}
          >
            <FilterIcon />
            {filtersOpen ? 'Hide Filters' : 'Search & Filter'}
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/import-export">Import &amp; Export</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/trash">Trash</RouterLink>
          </Button>
          <Button
            colorPalette="blue"
            size="sm"
            onClick={props.openNew}
            onPointerEnter={preloadEditor}
            onFocus={preloadEditor}
            onTouchStart={preloadEditor}
          >
            <PlusIcon />
            New Note
          </Button>
        </HStack>
      ) : null}
    </Flex>
  );
}
