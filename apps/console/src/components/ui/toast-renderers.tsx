import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';
import { useNotifierDemanded } from './notifier-demand';

// Both renderers (Radix toast, sonner) are fetched on first use rather than with the first screen.
const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));
const Notifier = lazy(async () => ({ default: (await import('./sonner')).Notifier }));

/** Once true, stays true: a renderer, once mounted, is kept so its viewport does not come and go. */
function useLatch(condition: boolean): boolean {
  const [latched, setLatched] = useState(condition);
  if (condition && !latched) setLatched(true);
  return latched || condition;
}

/**
 * Mounts the toast renderer when the first toast is raised, and the notice renderer when the
 * notice module is first loaded. Toasts raised meanwhile wait in their stores and show on mount.
 */
export function ToastRenderers() {
  const toasted = useLatch(useToast().toasts.length > 0);
  const notifying = useLatch(useNotifierDemanded());
  return (
    <>
      {toasted && <Suspense fallback={null}><Toaster /></Suspense>}
      {notifying && <Suspense fallback={null}><Notifier /></Suspense>}
    </>
  );
}
