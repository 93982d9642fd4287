import { createContext, useContext } from 'react';
import type { LucideIcon } from 'lucide-react';
import { HeartPulse, Images, Languages, LayoutDashboard, Trash2, Users, Webhook } from 'lucide-react';
import type { Permission } from '@bursary/shared/permissions';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to the item, e.g. the dedicated create pages. */
  alsoActiveFor?: string[];
  /** Shown only to whoever holds this permission: the server refuses everyone else there. */
  permission?: Permission;
}

/**
 * The navigation, in order: Dashboard, then the sections' items (in the registry's order, Messages last), Trash,
 * Media, Site health, Webhooks and Languages (administrators only), then Users.
 */
export function navItemsAround(sectionItems: readonly NavItem[]): readonly NavItem[] {
  return [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    ...sectionItems,
    { label: 'Trash', to: '/trash', icon: Trash2 },
    { label: 'Media', to: '/media', icon: Images },
    { label: 'Site health', to: '/site-health', icon: HeartPulse },
    { label: 'Webhooks', to: '/webhooks', icon: Webhook, permission: 'webhooks:manage' },
    { label: 'Languages', to: '/languages', icon: Languages, permission: 'locales:manage' },
    { label: 'Users', to: '/users', icon: Users },
  ];
}

/** The navigation's items; the app gives the sections' ones, which the layout cannot know. */
export const NavItemsContext = createContext<readonly NavItem[]>(navItemsAround([]));

/** The items the signed-in user may open: an editor or viewer sees no administrator-only entry. */
export function useNavItems(): readonly NavItem[] {
  const items = useContext(NavItemsContext);
  const user = useSession()?.user;
  return items.filter((item) => item.permission === undefined || can(user, item.permission));
}
