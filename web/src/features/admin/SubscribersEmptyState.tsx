// 'No subscribers found': a different text when a search or filter hides everyone, with 'Clear filters'.
import { Button, EmptyState } from '@chakra-ui/react';
import { UsersIcon } from './admin-icons.tsx';

export function SubscribersEmptyState({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <UsersIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>No subscribers found</EmptyState.Title>
        <EmptyState.Description>
          {filtered
            ? 'No subscribers match your search or filter.'
            : 'Nobody has subscribed to the newsletter yet.'}
        </EmptyState.Description>
        {filtered ? (
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
