import { createContext, useContext } from 'react';
import type { LucideIcon } from 'lucide-react';
import { LayoutDashboard, Trash2, Users } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to the item, e.g. the dedicated create pages. */
  alsoActiveFor?: string[];
}

/**
 * The navigation, in order: Dashboard, then the sections' items (in the registry's order, Messages last), Trash (issue
 * 13), then Users.
 */
export function navItemsAround(sectionItems: readonly NavItem[]): readonly NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    ...sectionItems,
    { label: 'Trash', to: '/trash', icon: Trash2 },
    { label: 'Users', to: '/users', icon: Users },
  ];
}

/** The navigation's items; the app gives the sections' ones, which the layout cannot know. */
export const NavItemsContext = createContext<readonly NavItem[]>(navItemsAround([]));

export const useNavItems = () => useContext(NavItemsContext);
