import type * as React from 'react';
import { createContext, useContext, useEffect, useState } from 'react';
import type * as Parts from './sidebar-tooltip-parts';

type TooltipParts = typeof Parts;

// Kept for the page's lifetime, so a sidebar mounted later (after a sign-in) has them at once.
let loadedParts: TooltipParts | null = null;
const PartsContext = createContext<TooltipParts | null>(null);

/**
 * Gives the collapsed sidebar its tooltips. Their code is fetched when `wanted` first turns true
 * (the first collapse), so the signed-in screens' first paint does not wait for it.
 */
export function SidebarTooltipScope({ wanted, children }: { wanted: boolean; children: React.ReactNode }) {
  const [parts, setParts] = useState(loadedParts);
  useEffect(() => {
    if (!wanted || parts) return;
    let current = true;
    // a failed fetch leaves the plain icons; the next collapse tries again
    import('./sidebar-tooltip-parts').then(
      (loaded) => {
        loadedParts = loaded;
        if (current) setParts(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, parts]);
  if (!parts) return children;
  return (
    <parts.TooltipScope>
      <PartsContext.Provider value={parts}>{children}</PartsContext.Provider>
    </parts.TooltipScope>
  );
}

/** `children` with `label` as its tooltip, once the tooltip code is there; until then `children` alone. */
export function SidebarTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  const parts = useContext(PartsContext);
  if (!parts) return children;
  return <parts.SideTooltip label={label}>{children}</parts.SideTooltip>;
}
