// Settings › Security › Signed-in sessions: each device (from its browser), where and when it was last seen,
// Sign out for each other one, and Sign out all other sessions.

import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@private-notes/shared';
import { useState } from 'react';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { SESSIONS_KEY, sessionsQuery, signInApi } from '../../api/sign-in-api.ts';
import { useQuery } from '../../api/use-query.ts';
import { toast } from '../../ui/toast-store.ts';
import { errorText } from './error-text.ts';

export function SessionsPanel() {
  const sessions = useQuery(sessionsQuery());
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  async function act(action: () => Promise<string>) {
    setPending(true);
    try {
      toast({ title: 'Signed out', description: await action() });
    } catch (e) {
      toast({ title: 'Error', description: errorText(e, 'Failed to sign out.'), variant: 'destructive' });
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="sessions-heading">
      <Heading as="h3" size="md" id="sessions-heading">
        Signed-in sessions
      </Heading>
      {sessions.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {sessions.error.message}
        </Text>
      )}
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Signed-in sessions">
        {sessions.data?.map((s) => (
          <Box as="li" key={s.id} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between" gap="3" flexWrap="wrap">
              <Box minW="0">
                <HStack gap="2">
                  <Text fontWeight="semibold">{s.device}</Text>
                  {s.current && <Badge colorPalette="green">This device</Badge>}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Last seen {formatDateTime(s.lastSeenAt)}
                  {s.address ? ` · ${s.address}` : ''}
                </Text>
              </Box>
              {!s.current && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  onClick={() =>
                    act(async () => {
                      await signInApi.endSession(s.id);
                      return `${s.device} is signed out.`;
                    })
                  }
                >
                  Sign out
                  <Box as="span" srOnly>
                    {' '}
                    {s.device}, last seen {formatDateTime(s.lastSeenAt)}
                  </Box>
                </Button>
              )}
            </HStack>
          </Box>
        ))}
      </Stack>
      <Button
        alignSelf="flex-start"
        variant="outline"
        colorPalette="red"
        disabled={pending || others.length === 0}
        onClick={() =>
          act(async () => {
            const { ended } = await signInApi.endOtherSessions();
            return `${ended} other ${ended === 1 ? 'session' : 'sessions'} signed out. Your passkeys still sign in: remove one under Passkeys to stop it.`;
          })
        }
      >
        Sign out all other sessions
      </Button>
    </Stack>
  );
}
