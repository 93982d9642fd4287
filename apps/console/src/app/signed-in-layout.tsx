import { AppLayout } from '@/features/layout/app-layout';
import { NavItemsContext, navItemsAround } from '@/features/layout/nav-items';
import { consoleSections } from './console-sections';

const navItems = navItemsAround(consoleSections.flatMap((s) => (s.nav ? [s.nav] : [])));

/** The signed-in frame with the navigation of every section that has an item. */
export function SignedInLayout() {
  return (
    <NavItemsContext value={navItems}>
      <AppLayout />
    </NavItemsContext>
  );
}
