// One round of card sync: pull what other devices changed, then push what changed here.
import { pullCards } from './pull-cards.ts';
import { type CardSyncContext, pushCards } from './push-cards.ts';

export async function syncCards(ctx: CardSyncContext): Promise<{ pulled: number; pushed: number }> {
  const pulled = await pullCards(ctx);
  const pushed = await pushCards(ctx);
  return { pulled, pushed };
}
