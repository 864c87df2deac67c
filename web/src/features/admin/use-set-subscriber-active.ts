// PUT /api/admin/subscribers/{id} {active}: the row switch and the unsubscribe confirmation. The cached
// list is patched in place (optimistically, then with the server's answer) instead of refetched, so a
// switch over 10,000 subscribers answers at once; a failure puts the row back and shows the server's reason.
import type { Subscriber } from '@private-notes/shared';
import { api } from '../../api/api.ts';
import { useQueryClient } from '../../api/page-cache-context.tsx';
import { SUBSCRIBERS_KEY } from '../../api/queries.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { toast } from '../../ui/toast-store.ts';

export const SUBSCRIBER_UPDATE_FAILED = 'Failed to update subscriber';

interface Variables {
  subscriber: Subscriber;
  active: boolean;
}

function replaceSubscriber(list: Subscriber[] | undefined, next: Subscriber): Subscriber[] | undefined {
  if (!list) return list;
  const at = list.findIndex((s) => s.id === next.id);
  if (at === -1) return list;
  const copy = list.slice();
  copy[at] = next;
  return copy;
}

export function useSetSubscriberActive(onSuccess?: (updated: Subscriber, active: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriber, active }: Variables) => api.updateSubscriber(subscriber.id, active),
    onMutate: async ({ subscriber, active }: Variables) => {
      await queryClient.cancelQueries({ queryKey: SUBSCRIBERS_KEY });
      queryClient.setQueryData<Subscriber[]>(SUBSCRIBERS_KEY, (list) =>
        replaceSubscriber(list, { ...subscriber, active }),
      );
    },
    onSuccess: (updated, { active }) => {
      queryClient.setQueryData<Subscriber[]>(SUBSCRIBERS_KEY, (list) => replaceSubscriber(list, updated));
      onSuccess?.(updated, active);
    },
    onError: (error, { subscriber }) => {
      queryClient.setQueryData<Subscriber[]>(SUBSCRIBERS_KEY, (list) => replaceSubscriber(list, subscriber));
      toast({
        title: SUBSCRIBER_UPDATE_FAILED,
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    },
  });
}
