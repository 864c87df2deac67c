// The 5 skeleton rows (SPEC section 9) under the real header while the list loads.
import { Box, Skeleton, Table } from '@chakra-ui/react';
import { SUBSCRIBER_ROW_HEIGHT } from './SubscriberRow.tsx';
import { SUBSCRIBER_COLUMNS, SubscribersTableFrame } from './SubscribersTable.tsx';

export const SKELETON_ROWS = 5;

export function SubscribersSkeleton() {
  return (
    <Box overflowX="auto" data-testid="subscribers-loading" aria-busy="true">
      <SubscribersTableFrame>
        <Table.Body>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <Table.Row key={i} height={`${SUBSCRIBER_ROW_HEIGHT}px`}>
              {SUBSCRIBER_COLUMNS.map((column) => (
                <Table.Cell key={column.label}>
                  <Skeleton height="4" />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </SubscribersTableFrame>
    </Box>
  );
}
