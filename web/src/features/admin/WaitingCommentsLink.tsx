// Blog Admin's way to the moderation queue, with how many comments wait there.
import { Badge, Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { pendingCommentsQuery } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';

export function WaitingCommentsLink() {
  const { data } = useQuery(pendingCommentsQuery());
  const waiting = data?.length ?? 0;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin/comments">
        Comments
        {/* Subtle, not solid: white on the solid orange fails the contrast check. */}
        {data ? (
          <Badge colorPalette={waiting > 0 ? 'orange' : 'gray'} variant="subtle">
            {waiting} waiting
          </Badge>
        ) : null}
      </Link>
    </Button>
  );
}
