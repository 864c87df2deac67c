// The Outbox (/admin/outbox): every e-mail the site sent, failed to send, or captured because no SMTP
// server is configured, newest first; the selected one is previewed beside the list. Also the transport
// in use with its Verify / Send a test buttons, and the capture banner.
import { Badge, Box, Button, Grid, HStack, Skeleton, Text } from '@chakra-ui/react';
import type { OutboxMessage } from '@private-notes/shared';
import { memo } from 'react';
import { useQueryClient } from '../../../api/page-cache-context.tsx';
import { useQuery } from '../../../api/use-query.ts';
import { OwnerPage } from '../../../ui/private/OwnerPage.tsx';
import { ServerDataError } from '../../../ui/private/ServerDataError.tsx';
import { AdminHeader, AdminScreenLink } from '../AdminHeader.tsx';
import { MailBanner } from './MailBanner.tsx';
import { MailTransportPanel } from './MailTransportPanel.tsx';
import { MAIL_STATUS_KEY, OUTBOX_KEY, outboxQuery } from './mail-queries.ts';
import { OutboxPreview } from './OutboxPreview.tsx';
import { OUTBOX_STATE_PALETTE, outboxDate } from './outbox-format.ts';

interface Props {
  /** The message to preview (?message=); the newest one when none is chosen. */
  selectedId?: string | undefined;
  onSelect(id: string): void;
}

export function OutboxScreen({ selectedId, onSelect }: Props) {
  const queryClient = useQueryClient();
  const query = useQuery(outboxQuery());
  const messages = query.data?.messages;
  const selected = messages?.find((m) => m.id === selectedId) ?? messages?.[0];

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    void queryClient.invalidateQueries({ queryKey: MAIL_STATUS_KEY });
  };

  return (
    <OwnerPage data-testid="outbox-screen">
      <AdminHeader title="Outbox" subtitle="Every e-mail the site sent or is holding back">
        <AdminScreenLink to="/blog/admin" />
        <AdminScreenLink to="/admin/subscribers" />
        <Button size="sm" variant="outline" loading={query.isFetching} onClick={refresh}>
          Refresh
        </Button>
      </AdminHeader>

      <MailBanner onOutbox />
      <Box mb="6">
        <MailTransportPanel />
      </Box>

      {query.isError ? (
        <ServerDataError error={query.error} what="The site's e-mails" queryKey={outboxQuery().queryKey} />
      ) : !messages ? (
        <Skeleton height="40" data-testid="outbox-loading" />
      ) : messages.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="10" textAlign="center">
          <Text color="fg.muted">
            No e-mail yet. Confirmations, newsletter issues, alerts, digests and tests appear here.
          </Text>
        </Box>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
          <OutboxList messages={messages} selectedId={selected?.id} onSelect={onSelect} />
          {selected ? <OutboxPreview key={selected.id} id={selected.id} /> : null}
        </Grid>
      )}
    </OwnerPage>
  );
}

interface ListProps {
  messages: OutboxMessage[];
  selectedId: string | undefined;
  onSelect(id: string): void;
}

function OutboxList({ messages, selectedId, onSelect }: ListProps) {
  return (
    <Box
      as="ul"
      aria-label="Messages"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="lg"
      overflow="auto"
      maxH="75vh"
      alignSelf="start"
    >
      {messages.map((message) => (
        <OutboxRow
          key={message.id}
          message={message}
          current={message.id === selectedId}
          onSelect={onSelect}
        />
      ))}
    </Box>
  );
}

interface RowProps {
  message: OutboxMessage;
  current: boolean;
  onSelect(id: string): void;
}

/** Memoised: the list holds up to 500 messages, and choosing one should re-render two rows, not all. */
const OutboxRow = memo(function OutboxRow({ message, current, onSelect }: RowProps) {
  return (
    <Box
      as="li"
      data-testid="outbox-row"
      px="3"
      py="2"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: '0' }}
      bg={current ? 'bg.muted' : undefined}
    >
      <Button
        variant="plain"
        size="sm"
        px="0"
        h="auto"
        minH="6"
        textAlign="start"
        whiteSpace="normal"
        wordBreak="break-word"
        fontWeight={current ? 'bold' : 'semibold'}
        aria-current={current ? 'true' : undefined}
        onClick={() => onSelect(message.id)}
      >
        {message.subject}
      </Button>
      <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
        <Text wordBreak="break-all">{message.to}</Text>
        <Text>· {message.kind}</Text>
        <Badge size="sm" variant="subtle" colorPalette={OUTBOX_STATE_PALETTE[message.state]}>
          {message.state}
        </Badge>
        <Text>{outboxDate(message.createdAt)}</Text>
      </HStack>
    </Box>
  );
});
