// One Outbox message: subject, recipient, state (and the error of a failed one), its HTML and plain-text
// parts, every header, and the raw message as a .eml download.
import { Badge, Box, Heading, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { mailApi } from '../../../api/mail-api.ts';
import { useQuery } from '../../../api/use-query.ts';
import { MailPartsTabs } from './MailPartsTabs.tsx';
import { outboxMessageQuery } from './mail-queries.ts';
import { OUTBOX_STATE_PALETTE, outboxDate } from './outbox-format.ts';

export function OutboxPreview({ id }: { id: string }) {
  const query = useQuery(outboxMessageQuery(id));
  if (query.isError) {
    return (
      <Text color="fg.error" role="alert">
        {query.error.message}
      </Text>
    );
  }
  const message = query.data;
  if (!message) return <Skeleton height="28rem" data-testid="outbox-preview-loading" />;
  return (
    <Stack gap="4" as="section" aria-labelledby="outbox-preview-title" data-testid="outbox-preview">
      <Box>
        <Heading as="h2" size="lg" id="outbox-preview-title" wordBreak="break-word">
          {message.subject}
        </Heading>
        <HStack gap="2" mt="1" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text>To {message.to}</Text>
          <Text>· {outboxDate(message.createdAt)}</Text>
          <Badge variant="subtle">{message.kind}</Badge>
          <Badge variant="subtle" colorPalette={OUTBOX_STATE_PALETTE[message.state]}>
            {message.state}
          </Badge>
        </HStack>
        {message.error ? (
          <Text color="fg.error" mt="2" role="alert">
            {message.error}
          </Text>
        ) : null}
        <Link href={mailApi.outboxEmlUrl(message.id)} download mt="2" fontSize="sm" color="brand.fg">
          Download .eml
        </Link>
      </Box>
      <MailPartsTabs html={message.html} text={message.text} subject={message.subject} />
      <Box>
        <Heading as="h3" size="sm" mb="2">
          Headers
        </Heading>
        <Box maxH="16rem" overflow="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Message headers">
            <Table.Body>
              {message.headers.map((header, index) => (
                // Headers repeat (Received, DKIM-Signature…): the position keeps keys unique.
                <Table.Row key={index}>
                  <Table.Cell fontWeight="semibold" whiteSpace="nowrap" verticalAlign="top">
                    {header.name}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-all" fontFamily="mono" fontSize="xs">
                    {header.value}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
    </Stack>
  );
}
