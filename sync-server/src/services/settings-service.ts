// The owner's settings: defaults until first saved, then the whole validated object per user.
import { DEFAULT_SETTINGS, type Settings } from '@private-notes/shared';
import type { Store } from '../storage/index.ts';

export class SettingsService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  get(userId: number): Settings {
    const record = this.#store.lookup('settings', 'userId', String(userId));
    if (!record) return { ...DEFAULT_SETTINGS };
    const { id: _id, userId: _userId, ...settings } = record;
    return { ...DEFAULT_SETTINGS, ...settings };
  }

  async put(userId: number, settings: Settings): Promise<Settings> {
    await this.#store.write((tx) => {
      const existing = tx.lookup('settings', 'userId', String(userId));
      if (existing) tx.put('settings', { ...settings, id: existing.id, userId });
      else tx.insert('settings', { ...settings, userId });
    });
    return this.get(userId);
  }
}
