import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useIsMobile } from '@/lib/use-is-mobile';
import { clearReturnPath } from '@/lib/drafts';
import { useSession } from '@/lib/session';
import { useSessionCheck } from './use-session-check';
import { DesktopSidebar } from './desktop-sidebar';
import { MobileShell } from './mobile-shell';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_OPEN_WIDTH } from './layout-constants';

/** The frame of every signed-in page. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  useSessionCheck(useSession()?.token ?? null);
  // The return path after an expired session has served its purpose once the frame is back.
  useEffect(clearReturnPath, []);

  if (isMobile) {
    return (
      <MobileShell>
        <Outlet />
      </MobileShell>
    );
  }
  return (
    <div className="min-h-screen">
      <DesktopSidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      <main
        className="min-h-screen p-6 transition-[margin] duration-200"
        style={{ marginLeft: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_OPEN_WIDTH }}
      >
        <Outlet />
      </main>
    </div>
  );
}
