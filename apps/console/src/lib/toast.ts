import * as React from 'react';
import {
  TOAST_REMOVE_DELAY,
  toastReducer,
  type ToastAction,
  type ToastItem,
  type ToastState,
  type ToastVariant,
} from './toast-store';

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/** Ids are a counter, as a string. */
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

function dispatch(action: ToastAction): void {
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? state.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

export interface ToastOptions {
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactElement;
  variant?: ToastVariant;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (fields: ToastOptions) => void;
}

/** Shows a toast. Error toasts pass `variant: 'destructive'`. */
export function toast(options: ToastOptions): ToastHandle {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  const update = (fields: ToastOptions) => dispatch({ type: 'UPDATE_TOAST', toast: { ...fields, id } });
  const item: ToastItem = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  dispatch({ type: 'ADD_TOAST', toast: item });
  return { id, dismiss, update };
}

/** Closes one toast, or all of them. */
function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Test hook: forgets every toast and pending removal. */
export function resetToasts(): void {
  removalTimers.forEach(clearTimeout);
  removalTimers.clear();
  state = { toasts: [] };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function useToast() {
  const current = React.useSyncExternalStore(subscribe, getState, getState);
  return { ...current, toast, dismiss: dismissToast };
}
