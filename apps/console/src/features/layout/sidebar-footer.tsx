import type * as React from 'react';
import { Link } from 'react-router';
import { CircleUser, LogOut, Settings } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { SidebarTooltip } from './sidebar-tooltips';
import { useLogout } from './use-logout';

const rowClass = 'flex h-7 w-full items-center justify-start gap-3 px-3';

function WithTooltip({ show, label, children }: { show: boolean; label: string; children: React.ReactElement }) {
  return show ? <SidebarTooltip label={label}>{children}</SidebarTooltip> : children;
}

interface FooterLinkProps {
  to: string;
  label: string;
  icon: React.ReactElement;
  collapsed: boolean;
  onNavigate?: () => void;
}

/** A footer row that leads to a page; collapsed, only its icon with the label as tooltip. */
function FooterLink({ to, label, icon, collapsed, onNavigate }: FooterLinkProps) {
  return (
    <WithTooltip show={collapsed} label={label}>
      <Button asChild variant="ghost" className={cn(rowClass, collapsed && 'justify-center px-0')}>
        <Link to={to} onClick={onNavigate} aria-label={collapsed ? label : undefined}>
          {icon}
          {!collapsed && label}
        </Link>
      </Button>
    </WithTooltip>
  );
}

/** Account, Settings and Logout, below the navigation items. */
export function SidebarFooter({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-0.5 border-t pt-2">
      <FooterLink
        to="/account"
        label="Account"
        icon={<CircleUser aria-hidden />}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
      <FooterLink
        to="/settings"
        label="Settings"
        icon={<Settings aria-hidden />}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
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
