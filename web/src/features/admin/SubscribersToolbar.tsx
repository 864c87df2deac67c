// The subscribers table's controls: the search box, the status filter and 'Export CSV'.
import { Button, Flex, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import {
  SUBSCRIBER_STATUS_FILTERS,
  SUBSCRIBER_STATUS_LABELS,
  type SubscriberStatusFilter,
} from '@private-notes/shared';
import { DownloadIcon, SearchIcon } from './admin-icons.tsx';

interface Props {
  search: string;
  status: SubscriberStatusFilter;
  canExport: boolean;
  onSearchChange(search: string): void;
  onStatusChange(status: SubscriberStatusFilter): void;
  onExport(): void;
}

// A plain check rather than the shared zod schema, so the screen's chunk does not carry zod.
function toStatusFilter(value: string): SubscriberStatusFilter {
  return (SUBSCRIBER_STATUS_FILTERS as readonly string[]).includes(value)
    ? (value as SubscriberStatusFilter)
    : 'all';
}

export function SubscribersToolbar({
  search,
  status,
  canExport,
  onSearchChange,
  onStatusChange,
  onExport,
}: Props) {
  return (
    <Flex gap="3" mb="4" wrap="wrap" align="center">
      <InputGroup startElement={<SearchIcon />} flex="1" minW="220px">
        <Input
          type="search"
          aria-label="Search subscribers"
          placeholder="Search by email, name or interest..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </InputGroup>
      <NativeSelect.Root width="200px">
        <NativeSelect.Field
          aria-label="Filter subscribers"
          value={status}
          onChange={(event) => onStatusChange(toStatusFilter(event.target.value))}
        >
          {SUBSCRIBER_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {SUBSCRIBER_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button variant="outline" onClick={onExport} disabled={!canExport}>
        <DownloadIcon />
        Export CSV
      </Button>
    </Flex>
  );
}
