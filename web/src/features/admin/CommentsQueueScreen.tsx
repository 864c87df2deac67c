// The moderation queue (/admin/comments): every comment waiting, across posts, newest first, with its
// post, author, address and text; Approve, Delete, and Approve all from this author. The comment alert
// mail links here.
import { Button, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type PendingComment, postPath, relativeTime } from '@private-notes/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { ADMIN_BLOG_KEY, BLOG_KEY, PENDING_COMMENTS_KEY, pendingCommentsQuery } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { OwnerPage } from '../../ui/private/OwnerPage.tsx';
import { ServerDataError } from '../../ui/private/ServerDataError.tsx';
import { toast } from '../../ui/toast-store.ts';
import { DELETE_COMMENT_CONFIRM } from '../blog/OwnerComments.tsx';
import { AdminHeader, AdminScreenLink } from './AdminHeader.tsx';

export function CommentsQueueScreen() {
  const query = useQuery(pendingCommentsQuery());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const comments = query.data;
  // How many wait from each address: "Approve all" is worth offering when there is more than one.
  const perAuthor = useMemo(() => {
    const counts = new Map<string, number>();
    for (const c of comments ?? []) counts.set(c.email, (counts.get(c.email) ?? 0) + 1);
    return counts;
  }, [comments]);
  const now = useMemo(() => (comments ? Date.now() : 0), [comments]);

  const run = async (key: string, action: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await action();
      if (done) toast({ title: done });
    } catch (error) {
      toast({
        title: 'The comment was not changed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      // The queue, the posts' comment sections and their comment counts all change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PENDING_COMMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: BLOG_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_BLOG_KEY }),
      ]);
    }
  };
  const approve = (c: PendingComment) =>
    run(`approve ${c.id}`, () => api.approveComment(c.id), 'Comment approved');
  const remove = (c: PendingComment) => {
    if (!window.confirm(DELETE_COMMENT_CONFIRM)) return;
    void run(`delete ${c.id}`, () => api.deleteComment(c.id), 'Comment deleted');
  };
  const approveAuthor = (c: PendingComment) =>
    run(`author ${c.email}`, () => api.approveAuthor(c.email), `Approved every comment from ${c.author}`);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <ServerDataError
        error={query.error}
        what="Comments waiting for moderation"
        queryKey={pendingCommentsQuery().queryKey}
      />
    );
  } else if (!comments) {
    body = (
      <Stack gap="4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="120px" borderRadius="lg" />
        ))}
      </Stack>
    );
  } else if (comments.length === 0) {
    body = (
      <Card.Root variant="outline">
        <Card.Body>
          <Text fontWeight="semibold">No comments are waiting.</Text>
          <Text color="fg.muted">
            New comments from visitors appear here until you approve or delete them.
          </Text>
        </Card.Body>
      </Card.Root>
    );
  } else {
    body = (
      <Stack as="ul" gap="4" listStyleType="none" aria-label="Comments waiting">
        {comments.map((c) => (
          <Card.Root as="li" key={c.id} variant="outline" aria-label={`Comment by ${c.author}`}>
            <Card.Body gap="2">
              <Text fontSize="sm" color="fg.muted">
                On{' '}
                <Link
                  href={`${postPath({ id: c.postId, title: c.postTitle })}#comments`}
                  fontWeight="semibold"
                  color="fg"
                >
                  {c.postTitle || `Post ${c.postId}`}
                </Link>{' '}
                · {relativeTime(c.createdAt, now)}
              </Text>
              <Text>
                <Text as="span" fontWeight="semibold">
                  {c.author}
                </Text>{' '}
                <Text as="span" color="fg.muted" wordBreak="break-all">
                  &lt;{c.email}&gt;
                </Text>
              </Text>
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                {c.content}
              </Text>
              <HStack gap="2" wrap="wrap" mt="2">
                <Button size="sm" loading={busy === `approve ${c.id}`} onClick={() => void approve(c)}>
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  loading={busy === `delete ${c.id}`}
                  onClick={() => remove(c)}
                >
                  Delete
                </Button>
                {(perAuthor.get(c.email) ?? 0) > 1 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={busy === `author ${c.email}`}
                    onClick={() => void approveAuthor(c)}
                  >
                    Approve all from this author ({perAuthor.get(c.email)})
                  </Button>
                ) : null}
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }

  return (
    <OwnerPage data-testid="comments-queue">
      <AdminHeader title="Comments" subtitle="Comments waiting for moderation, across all posts">
        <AdminScreenLink to="/blog/admin" />
      </AdminHeader>
      {body}
    </OwnerPage>
  );
}
