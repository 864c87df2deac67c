// The one toast store of the app (no React, no UI kit): screens call `toast(...)`, the frame's renderer
// shows it. A new toast goes to the front and only one is visible (SPEC sections 4 and 9).
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; default 5000. */
  duration?: number;
  /** A link shown in the toast, e.g. 'View and edit the blog post' to /blog/admin?edit=7. */
  action?: { label: string; href: string };
  /** A button shown in the toast (e.g. Undo after a delete); pressing it runs `onClick` and closes the toast. */
  button?: { label: string; onClick: () => void };
  /**
   * Shown but not announced: the same words are already an alert where the owner is looking (the sign-in
   * form's inline error), so a screen reader hears them once.
   */
  silent?: boolean;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const DEFAULT_TOAST_MS = 5000;
/** How long a dismissed toast stays in the list (its exit animation) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 300;

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimer(map: Map<string, ReturnType<typeof setTimeout>>, id: string): void {
  const timer = map.get(id);
  if (timer !== undefined) clearTimeout(timer);
  map.delete(id);
}

function scheduleClose(item: ToastItem): void {
  clearTimer(closeTimers, item.id);
  const ms = item.duration ?? DEFAULT_TOAST_MS;
  if (ms === Number.POSITIVE_INFINITY) return;
  closeTimers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), ms),
  );
}

function scheduleRemove(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given; it is removed shortly after. */
export function dismissToast(id?: string): void {
  for (const t of toasts) {
    if (id === undefined || t.id === id) {
      clearTimer(closeTimers, t.id);
      scheduleRemove(t.id);
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast in front of any other (which closes); answers handles to update or dismiss it. */
export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (next: Partial<ToastOptions>) => void;
} {
  counter += 1;
  const id = `toast-${counter}`;
  const item: ToastItem = { ...options, id, open: true };
  const displaced = toasts.slice(TOAST_LIMIT - 1);
  for (const old of displaced) {
    clearTimer(closeTimers, old.id);
    clearTimer(removeTimers, old.id);
  }
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  scheduleClose(item);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => {
      const current = toasts.find((t) => t.id === id);
      if (!current) return;
      const updated = { ...current, ...next };
      emit(toasts.map((t) => (t.id === id ? updated : t)));
      if (next.duration !== undefined) scheduleClose(updated);
    },
  };
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

const NO_TOASTS: ToastItem[] = [];
/** The server never shows toasts. */
export function getServerToasts(): ToastItem[] {
  return NO_TOASTS;
}
