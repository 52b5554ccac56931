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

export type ToastPlacement = 'top' | 'bottom';

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
  placement: ToastPlacement;
}

/**
 * Where a toast goes so it does not cover what the visitor is working on: the half of the screen
 * away from the focused element (the button just pressed, or the field that needs fixing), else
 * the bottom.
 */
export function placementFor(focused: { top: number; bottom: number } | null, viewportHeight: number): ToastPlacement {
  if (!focused || viewportHeight <= 0) return 'bottom';
  return (focused.top + focused.bottom) / 2 > viewportHeight / 2 ? 'top' : 'bottom';
}

// A button disabled while its request runs drops the focus to <body>; the toast that request
// raises should still keep clear of it, so the last element to have had focus stands in.
let lastFocused: Element | null = null;
if (!import.meta.env.SSR) {
  document.addEventListener('focusin', (e) => {
    lastFocused = e.target instanceof Element ? e.target : null;
  });
}

function currentPlacement(): ToastPlacement {
  if (import.meta.env.SSR) return 'bottom';
  const active = document.activeElement;
  const el = active && active !== document.body ? active : lastFocused?.isConnected ? lastFocused : null;
  return placementFor(el ? el.getBoundingClientRect() : null, window.innerHeight);
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const placement = currentPlacement();
  // One toast at a time: a new one replaces the last, so several never pile up over the page.
  items = [{ ...input, id, open: true, placement }];
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
