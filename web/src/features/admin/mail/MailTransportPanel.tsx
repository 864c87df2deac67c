// Which transport carries the site's mail (SMTP or capture to the Outbox), from which address, with the
// "Verify connection" and "Send a test e-mail" buttons; their answers come back as toasts. Shown on the
// Outbox and in Settings › Notifications.
import { Box, Button, DataList, HStack, Skeleton } from '@chakra-ui/react';
import { mailApi } from '../../../api/mail-api.ts';
import { useQueryClient } from '../../../api/page-cache-context.tsx';
import { useMutation } from '../../../api/use-mutation.ts';
import { useQuery } from '../../../api/use-query.ts';
import { ServerDataError } from '../../../ui/private/ServerDataError.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { MAIL_STATUS_KEY, mailStatusQuery, OUTBOX_KEY } from './mail-queries.ts';

export function MailTransportPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(mailStatusQuery());

  const verify = useMutation({
    mutationFn: () => mailApi.verify(),
    onSuccess: (answer) => toast({ title: 'Connection verified', description: answer.message }),
    onError: (error) =>
      toast({ title: 'Connection failed', description: error.message, variant: 'destructive' }),
  });
  const sendTest = useMutation({
    mutationFn: () => mailApi.sendTest(),
    onSuccess: async (answer) => {
      toast({ title: 'Test e-mail sent', description: answer.message });
      // In capture mode the test lands in the Outbox: its list and the banner's count change.
      await queryClient.invalidateQueries({ queryKey: MAIL_STATUS_KEY });
      await queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    },
    onError: (error) =>
      toast({ title: 'Test e-mail not sent', description: error.message, variant: 'destructive' }),
  });

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="mail-transport">
      {status.isError ? (
        <ServerDataError
          error={status.error}
          what="The mail settings"
          queryKey={mailStatusQuery().queryKey}
        />
      ) : !status.data ? (
        <Skeleton height="16" />
      ) : (
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Transport</DataList.ItemLabel>
            <DataList.ItemValue data-testid="mail-transport-description">
              {status.data.description}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>From</DataList.ItemLabel>
            <DataList.ItemValue>{status.data.from}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Links point to</DataList.ItemLabel>
            <DataList.ItemValue>{status.data.publicUrl ?? 'Not set (PUBLIC_URL)'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Your address</DataList.ItemLabel>
            <DataList.ItemValue>
              {status.data.ownerEmail ?? 'Not set (Settings › Profile › Email)'}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
      <HStack gap="2" mt="4" wrap="wrap">
        <Button
          type="button"
          size="sm"
          variant="outline"
          loading={verify.isPending}
          onClick={() => verify.mutate()}
        >
          Verify connection
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          loading={sendTest.isPending}
          onClick={() => sendTest.mutate()}
        >
          Send a test e-mail
        </Button>
      </HStack>
    </Box>
  );
}
