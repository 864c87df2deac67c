// Auto-lock minutes: per device (localStorage), default 15; not a server setting (vault contract).
import { AUTO_LOCK_MINUTES_MAX, DEFAULT_AUTO_LOCK_MINUTES } from './vault-session.ts';

export const AUTO_LOCK_STORAGE_KEY = 'vaultAutoLockMinutes';

export function readAutoLockMinutes(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(AUTO_LOCK_STORAGE_KEY));
    return Number.isInteger(value) && value >= 1 && value <= AUTO_LOCK_MINUTES_MAX
      ? value
      : DEFAULT_AUTO_LOCK_MINUTES;
  } catch {
    return DEFAULT_AUTO_LOCK_MINUTES;
  }
}

export function saveAutoLockMinutes(minutes: number): void {
  try {
    globalThis.localStorage?.setItem(AUTO_LOCK_STORAGE_KEY, String(minutes));
  } catch {
    // Storage off: the setting lasts for this tab.
  }
}
