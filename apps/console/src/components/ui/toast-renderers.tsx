import { useEffect, useState } from 'react';
import { useToast } from '@/lib/toast';
import { useNotifierDemanded } from './notifier-demand';

// Both renderers (Radix toast, sonner) are fetched on first use rather than with the first screen.
const loadToaster = () => import('./toaster');
const loadNotifier = () => import('./sonner');

/**
 * The module `load` gives, once `wanted` has been true; null until it has arrived. A failed fetch
 * (a network blip, a new release replacing the files) leaves the page as it is and is tried again
 * when `retry` changes, rather than breaking the page as a lazy component's error would.
 */
function useLoaded<T>(wanted: boolean, load: () => Promise<T>, retry: unknown): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    load().then(
      (module) => {
        if (current) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded, load, retry]);
  return loaded;
}

/**
 * Mounts the toast renderer when the first toast is raised, and the notice renderer when the
 * notice module is first loaded; once there, each stays. Toasts raised meanwhile wait in their
 * stores and show when the renderer mounts.
 */
export function ToastRenderers() {
  const { toasts } = useToast();
  const toaster = useLoaded(toasts.length > 0, loadToaster, toasts);
  const notifier = useLoaded(useNotifierDemanded(), loadNotifier, null);
  return (
    <>
      {toaster && <toaster.Toaster />}
      {notifier && <notifier.Notifier />}
    </>
  );
}
