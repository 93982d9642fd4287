import { Link } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/brand';
import { NavList } from './nav-list';
import { SidebarFooter } from './sidebar-footer';
import { SidebarTooltipScope } from './sidebar-tooltips';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_OPEN_WIDTH } from './layout-constants';

interface DesktopSidebarProps {
  collapsed: boolean;
  onToggle: () => void;
}

export function DesktopSidebar({ collapsed, onToggle }: DesktopSidebarProps) {
  return (
    <aside
      className="fixed inset-y-0 left-0 z-30 flex flex-col gap-2 border-r bg-sidebar p-3 transition-[width] duration-200"
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_OPEN_WIDTH }}
      data-collapsed={collapsed}
    >
      <div className={collapsed ? 'flex flex-col items-center gap-2' : 'flex items-center justify-between gap-2'}>
        <Link
          to="/dashboard"
          className="rounded-md px-1 py-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark showName={!collapsed} />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
        >
          {collapsed ? <PanelLeftOpen aria-hidden /> : <PanelLeftClose aria-hidden />}
        </Button>
      </div>
      {/* the toggle stays outside, so it keeps focus when the tooltips arrive */}
      <SidebarTooltipScope wanted={collapsed}>
        <nav aria-label="Main" className="flex-1 overflow-y-auto">
          <NavList collapsed={collapsed} />
        </nav>
        <SidebarFooter collapsed={collapsed} />
      </SidebarTooltipScope>
    </aside>
  );
}
