import { useSyncExternalStore } from 'react';

/**
 * Whether the second notice style (sonner) is in use. Its renderer is a chunk of its own, so the
 * first screens do not fetch it; the notice module raises this flag when a screen first loads it.
 */
let demanded = false;
const listeners = new Set<() => void>();

export function demandNotifier(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isDemanded = () => demanded;

export function useNotifierDemanded(): boolean {
  return useSyncExternalStore(subscribe, isDemanded, isDemanded);
}
