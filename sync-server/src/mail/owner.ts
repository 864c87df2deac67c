// Who the owner is for mail purposes: the first account, its settings and its own address.
import type { Settings } from '@private-notes/shared';
import type { SettingsService } from '../services/settings-service.ts';
import type { Store } from '../storage/index.ts';

export function ownerSettings(store: Store, settings: SettingsService): Settings | null {
  let ownerId: number | null = null;
  for (const user of store.values('users')) if (ownerId === null || user.id < ownerId) ownerId = user.id;
  return ownerId === null ? null : settings.get(ownerId);
}
