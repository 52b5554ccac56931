import { useSyncExternalStore } from 'react';

/**
 * Toasts as a tiny external store, so any code (a mutation's onError, a plain helper) can call
 * toast() without threading React context through it.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const MAX_TOASTS = 3;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items].slice(0, MAX_TOASTS);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Keep the closed toast long enough for its exit, then forget it.
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, 300);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items, () => items);
}
