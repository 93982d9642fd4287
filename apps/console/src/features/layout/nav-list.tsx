import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { SidebarTooltip } from './sidebar-tooltips';
import { isNavItemActive } from './is-nav-active';
import { useNavItems } from './nav-items';

interface NavListProps {
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function NavList({ collapsed = false, onNavigate }: NavListProps) {
  const { pathname } = useLocation();
  const navItems = useNavItems();
  return (
    // rows of 28 px with no gap: every item, the account rows under them too, fits 800 px without a scroll
    <ul className="flex flex-col">
      {navItems.map((item) => {
        const active = isNavItemActive(item.to, pathname, item.alsoActiveFor);
        const link = (
          <Link
            to={item.to}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            aria-label={collapsed ? item.label : undefined}
            className={cn(
              'flex min-h-7 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active
                ? 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground'
                : 'text-foreground/80',
              collapsed && 'justify-center px-0',
            )}
          >
            <item.icon className="size-5 shrink-0" aria-hidden />
            {!collapsed && (
              // a name too long for the 240 px menu ('Disbursement Testimonials') takes two lines of 16 px, a row of 32 px,
              // rather than being cut
              <span className="leading-4 break-words">{item.label}</span>
            )}
          </Link>
        );
        return <li key={item.to}>{collapsed ? <SidebarTooltip label={item.label}>{link}</SidebarTooltip> : link}</li>;
      })}
    </ul>
  );
}
