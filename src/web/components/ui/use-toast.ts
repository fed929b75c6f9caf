import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants.ts';

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastItem = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
};

type ToastInput = { title: string; description?: string; variant?: ToastVariant };

/**
 * A tiny store outside React so any code (mutations, redirects) can raise a toast.
 * The newest toast replaces older ones (one at a time); a dismissed toast is kept closed
 * for TOAST_REMOVE_DELAY_MS (docs/product.md#times-refreshes-and-constants) before it is dropped.
 */
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { id, open: true, variant: 'default', ...input };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Nothing is ever raised while rendering on the server. */
const NO_TOASTS: ToastItem[] = [];
const noToasts = () => NO_TOASTS;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, noToasts);
}
