import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useIsMobile } from '@/lib/use-is-mobile';
import { clearReturnPath } from '@/lib/drafts';
import { useSession } from '@/lib/session';
import { useSessionCheck } from './use-session-check';
import { DesktopSidebar } from './desktop-sidebar';
import { MOBILE_MAIN_CLASS, MobileBottomBar, MobileTopBar } from './mobile-shell';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_OPEN_WIDTH } from './layout-constants';

/** The frame of every signed-in page. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  useSessionCheck(useSession()?.token ?? null);
  // The return path after an expired session has served its purpose once the frame is back.
  useEffect(clearReturnPath, []);

  // The page sits at the same place in both layouts, so that crossing the breakpoint (a rotated tablet, a
  // resized window) swaps only the frame around it: had each layout its own tree, React would mount the page
  // afresh and lose what was typed, the open dialog and the list's filters.
  return (
    <div className="min-h-screen">
      {isMobile ? <MobileTopBar /> : <DesktopSidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />}
      <main
        className={isMobile ? MOBILE_MAIN_CLASS : 'min-h-screen p-6 transition-[margin] duration-200'}
        style={isMobile ? undefined : { marginLeft: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_OPEN_WIDTH }}
      >
        <Outlet />
      </main>
      {isMobile && <MobileBottomBar />}
    </div>
  );
}
