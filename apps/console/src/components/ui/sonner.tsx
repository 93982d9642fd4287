import type * as React from 'react';
import { Toaster as Sonner, toast as notify } from 'sonner';
import { demandNotifier } from './notifier-demand';

/**
 * The second notice style for long operations such as uploads and saves:
 * `notify.loading(…)`, then `notify.success(…, { id })` or `notify.error(…, { id })`, or
 * `notify.promise(promise, { loading, success, error })`. Up to 3 notices, 4000 ms each.
 */
export { notify };
// Sonner keeps notices raised before its renderer mounts and shows them once it does.
demandNotifier();

export const NOTIFY_OPTIONS = { visibleToasts: 3, duration: 4000, width: 356, gap: 14, offset: 32 } as const;

export function Notifier() {
  return (
    <Sonner
      position="top-right"
      theme="system"
      visibleToasts={NOTIFY_OPTIONS.visibleToasts}
      duration={NOTIFY_OPTIONS.duration}
      gap={NOTIFY_OPTIONS.gap}
      offset={NOTIFY_OPTIONS.offset}
      style={{ '--width': `${NOTIFY_OPTIONS.width}px` } as React.CSSProperties}
    />
  );
}
export { Notifier as Toaster };
