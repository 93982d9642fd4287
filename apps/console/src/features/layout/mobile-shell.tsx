import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LayoutDashboard, Menu } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { BrandMark } from '@/components/brand';
import { isNavItemActive } from './is-nav-active';
import { NavList } from './nav-list';
import { SidebarFooter } from './sidebar-footer';

/**
 * The mobile layout, below 768 px, around the page that AppLayout keeps in one place for both layouts: this
 * top bar with the navigation as a sheet from the left, then the page (with room under it for the bottom bar),
 * then the bottom bar with a Dashboard link; the navigation comes after the content.
 */
export function MobileTopBar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background px-3">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setOpen(true)}
          aria-label="Open navigation"
          aria-expanded={open}
        >
          <Menu aria-hidden />
        </Button>
        <Link
          to="/dashboard"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark />
        </Link>
      </header>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent className="gap-2">
          <SheetTitle>
            <BrandMark />
          </SheetTitle>
          <SheetDescription className="sr-only">Website sections and account</SheetDescription>
          <nav aria-label="Main" className="flex-1 overflow-y-auto">
            <NavList onNavigate={close} />
          </nav>
          <SidebarFooter onNavigate={close} />
        </SheetContent>
      </Sheet>
    </>
  );
}

/** The page's padding in the mobile layout: room for the bottom bar under it. */
export const MOBILE_MAIN_CLASS = 'px-4 pb-20 pt-4';

export function MobileBottomBar() {
  const { pathname } = useLocation();
  const dashboardActive = isNavItemActive('/dashboard', pathname);
  return (
    <nav
      aria-label="Bottom"
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-center justify-center border-t bg-background"
    >
      <Link
        to="/dashboard"
        aria-current={dashboardActive ? 'page' : undefined}
        className={cn(
          'flex flex-col items-center gap-0.5 rounded-md px-4 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          dashboardActive ? 'text-primary' : 'text-muted-foreground',
        )}
      >
        <LayoutDashboard className="size-5" aria-hidden />
        Dashboard
      </Link>
    </nav>
  );
}
