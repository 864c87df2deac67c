// React view of the toast store, for renderers.
import { useSyncExternalStore } from 'react';
import { getServerToasts, getToasts, subscribeToasts, type ToastItem } from './toast-store.ts';

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
}
