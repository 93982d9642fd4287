import type * as React from 'react';
import { Link } from 'react-router';
import { LogOut, Settings } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { SidebarTooltip } from './sidebar-tooltips';
import { useLogout } from './use-logout';

const rowClass = 'flex h-10 w-full items-center justify-start gap-3 px-3';

function WithTooltip({ show, label, children }: { show: boolean; label: string; children: React.ReactElement }) {
  return show ? <SidebarTooltip label={label}>{children}</SidebarTooltip> : children;
}

/** Settings and Logout, below the navigation items. */
export function SidebarFooter({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-1 border-t pt-2">
      <WithTooltip show={collapsed} label="Settings">
        <Button asChild variant="ghost" className={cn(rowClass, collapsed && 'justify-center px-0')}>
          <Link to="/settings" onClick={onNavigate} aria-label={collapsed ? 'Settings' : undefined}>
            <Settings aria-hidden />
            {!collapsed && 'Settings'}
          </Link>
        </Button>
      </WithTooltip>
      <WithTooltip show={collapsed} label="Logout">
        <Button
          variant="ghost"
          className={cn(rowClass, 'text-danger hover:text-danger', collapsed && 'justify-center px-0')}
          onClick={() => void logout()}
          aria-label={collapsed ? 'Logout' : undefined}
        >
          <LogOut aria-hidden />
          {!collapsed && 'Logout'}
        </Button>
      </WithTooltip>
    </div>
  );
}
